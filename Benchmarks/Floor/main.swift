import CYaml

// The floor for reading a manifest: read the file and pull libyaml events until the stream
// ends, building nothing. No YAML reader can do less, so `maplint lint` is measured against it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole file, or nil when it cannot be read.
func readAll(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk.prefix(count))
    }
}

/// Number of events, or nil on a syntax error.
func countEvents(_ bytes: [UInt8]) -> Int? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
        var empty: UInt8 = 0
        if let base = buffer.baseAddress, buffer.count > 0 {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            yaml_parser_set_input_string(&parser, &empty, 0)
        }
        var event = yaml_event_t()
        var events = 0
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            let finished = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            events += 1
            if finished { return events }
        }
    }
}

func complain(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let path = arguments.last else {
    complain("usage: maplint-bench-floor FILE")
    exit(64)
}
guard let bytes = readAll(path) else {
    complain("maplint-bench-floor: cannot read \(path)")
    exit(2)
}
guard let events = countEvents(bytes) else {
    complain("maplint-bench-floor: YAML syntax error in \(path)")
    exit(2)
}
// Printing the count keeps the loop from being optimised away.
print(events)
