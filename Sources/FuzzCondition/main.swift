import MaplintCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCondition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntryPoints.condition(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
