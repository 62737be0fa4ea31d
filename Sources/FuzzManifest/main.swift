import MaplintCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntryPoints.manifest(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
