/// Reads the JSON form of a description.
enum JSONDescriptionReader {
    static func read(bytes source: ByteSource, fileName: String, sink: DescriptionSink) -> Result<ReadOutcome, ReadFailure> {
        .failure(.input(location: nil, message: "JSON descriptions are not supported yet"))
    }
}
