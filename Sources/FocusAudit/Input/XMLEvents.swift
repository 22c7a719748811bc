/// Where the XML reader's parse events go: the one seam between libxml2's callbacks and what
/// becomes of their events. Two destinations adopt it, and a parse chooses one when it starts
/// (`XMLParse`):
/// - `XMLEventReceiver`, called directly, when the parse and the building run on one thread;
/// - `TapeWriter`, which records the events for the receiver to replay on another thread, when a
///   `ReadCrew` shares the reading (the crew route).
///
/// The callbacks that hand events on are generic over the destination and specialised for each
/// (`XMLEventCallbacks`), so no event pays for a dynamic call or a test of which one it is: the
/// element and text callbacks are the hottest code of a read.
protocol XMLEvents {
    /// Names the element and attribute names of `slot` (`NameCache`) from now on.
    mutating func define(slot: Int, bytes: UnsafeRawBufferPointer)
    /// What the root element makes of the file.
    mutating func root(_ kind: XMLRootKind)
    /// A start tag begins: its name's slots (`TapeWriter.none` for no prefix).
    mutating func begin(name: UInt16, prefix: UInt16)
    /// One attribute of the start tag begun.
    mutating func attribute(name: UInt16, prefix: UInt16, value: UnsafeRawBufferPointer)
    /// The start tag begun, with its attributes, is complete and starts at `location`.
    mutating func commit(_ location: SourceLocation)
    /// An end tag.
    mutating func end()
    /// Character data (a piece of one text node).
    mutating func text(_ bytes: UnsafeRawBufferPointer)
    /// A suppression comment's text (without `<!--`/`-->`) at the comment's location.
    mutating func comment(_ bytes: UnsafeRawBufferPointer, at location: SourceLocation)
    /// A processing instruction (`<?target …?>`): it is no part of the model, but it stands between a
    /// suppression comment and the next element, which only white space and comments may do.
    mutating func instruction()
}

extension XMLEventReceiver: XMLEvents {}

extension TapeWriter: XMLEvents {}
