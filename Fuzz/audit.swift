// libFuzzer harness: one whole audit followed by every report format and the simulation report.
//
// Unless Fuzz/run.sh runs with FUZZ_CONFIG=0, an input may start with a
// `.focusaudit.yml` ended by a YAML document-end line (`...`): that part is parsed as the
// configuration and, if valid, applied to the audit of the rest (its `excluded` globs are also
// matched against its `included` paths). Without such a line the whole
// input is tried as a configuration too (it rarely is one) and audited with the defaults.
//
// The reader is chosen from the first byte of the description that is not white space or a
// byte-order mark: `{` or `[` means JSON, anything else XML. The description is audited from memory
// and from a scratch file (compared); the file's audit is rendered while the file exists, so the
// HTML report quotes its source lines.

private func looksLikeJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Bool {
    var i = 0
    if size >= 3, data[0] == 0xEF, data[1] == 0xBB, data[2] == 0xBF { i = 3 }
    while i < size, data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09 { i += 1 }
    return i < size && (data[i] == UInt8(ascii: "{") || data[i] == UInt8(ascii: "["))
}

/// The offset just past the first "\n...\n", if any.
private func documentEnd(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int? {
    guard size >= 5 else { return nil }
    for i in 0...(size - 5)
    where data[i] == 0x0A && data[i + 1] == 0x2E && data[i + 2] == 0x2E && data[i + 3] == 0x2E && data[i + 4] == 0x0A {
        return i + 5
    }
    return nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var configuration = Configuration()
    var start = 0
    #if FUZZ_CONFIG
        let split = documentEnd(data, size)
        let configEnd = split ?? size
        let text = String(decoding: UnsafeBufferPointer(start: data, count: configEnd), as: UTF8.self)
        if let file = try? ConfigurationFile.parse(text, path: "f.yml") {
            file.apply(to: &configuration)
            _ = file.baselinePath
            // `excluded` globs are matched against every file found under a directory: try them on
            // the `included` paths and a few fixed ones.
            let paths = file.includedPaths + ["fuzz.xml", "./Samples/messenger-broken.xml", "a/b/c/d.json", "/abs/x.xml"]
            for glob in configuration.excluded {
                for path in paths { _ = glob.matches(path) }
            }
        }
        if let split { start = split }
    #endif
    let rest = data + start
    let count = size - start
    let name = looksLikeJSON(rest, count) ? "fuzz.json" : "fuzz.xml"
    // Checking on a second thread costs a thread hand-off per input, which slows the fuzzer down
    // severalfold; one input in four (chosen by its length, so a crash replays) takes that path.
    fuzzAudit(
        rest, count, file: name, viaFile: true, configuration: configuration, pipelined: size % 4 == 0,
        inspect: fuzzRender)
    return 0
}
