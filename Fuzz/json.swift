// libFuzzer harness: the bytes as a JSON description (JSONParser, JSONDescriptionReader, the
// description builder, every rule and the simulation), read both from memory and from a file, with
// the checks in Support/Checks.swift. Built by Fuzz/run.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = fuzzAudit(data, size, file: "fuzz.json", viaFile: true)
    return 0
}
