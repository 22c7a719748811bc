/// The messages of `invalid_description` findings, which the readers write where they find the
/// problem (descriptions in XML and JSON, Interface Builder files, `focusaudit:` comments in any of
/// them and in SwiftUI source). Names of attributes and elements arrive already spelt the way the
/// file being read writes them (`restore-delay` or `restoreDelay`, `<screen>` or `"screen"`).
enum InvalidDescriptionMessage {
    // MARK: - Suppression comments

    /// A `focusaudit:` comment whose directive is neither `disable` nor `disable-file`.
    static func unknownDirective(_ word: String) -> String {
        "unknown focusaudit directive '\(word)'\(Suggestion.hint(for: word, in: ["disable", "disable-file"]))"
    }

    /// A `focusaudit:` comment with white space before its directive (`focusaudit: disable x`).
    static func spaceBeforeDirective(_ word: String) -> String {
        "a focusaudit directive follows 'focusaudit:' with no space between: write 'focusaudit:\(word)', not 'focusaudit: \(word)'"
    }

    /// A suppression naming a rule id focusaudit does not have.
    static func unknownRuleInSuppression(_ id: String) -> String {
        "unknown rule id '\(id)' in a suppression\(Suggestion.hint(for: id, in: RuleID.all))"
    }

    /// A suppression whose list of rule ids is empty.
    static var suppressionNamesNoRule: String { "a focusaudit suppression names no rule id" }

    // MARK: - Structure

    /// An element other than a screen directly inside the app (`element` and `app` spelt).
    static func unexpectedInApp(_ element: String, app: String) -> String {
        "unexpected \(element) in \(app): only screens may appear here; its content is not audited"
    }

    /// An app or screen element among a screen's views (spelt).
    static func nestedInScreen(_ element: String) -> String {
        "\(element) cannot be nested inside a screen's views; its content is not audited"
    }

    /// A view inside a focus-state declaration (both elements spelt).
    static func viewInsideFocusState(_ focusState: String, view: String) -> String {
        "\(focusState) declares a focus state and holds no views; put \(view) beside it"
    }

    /// Text directly inside the app or a screen (the holder spelt).
    static func strayText(in holder: String) -> String {
        "text directly inside \(holder) is not part of any view; put it in a Text"
    }

    /// A screen without an id (`id` is the id attribute's spelling).
    static func screenWithoutID(id: String) -> String {
        "a screen needs a non-empty \(id); links cannot reach it"
    }

    /// A second screen with an id already used.
    static func duplicateScreenID(_ screenID: String) -> String {
        "duplicate screen id '\(MessageText.quoted(screenID))': links to it go to the first screen with that id"
    }

    /// `restore-focus` on a control naming on-appear (`restoreFocus` spelt).
    static func restoreOnAppearOnControl(restoreFocus: String) -> String {
        "\(restoreFocus) on a control is on-dismiss or none (on-appear is the screen's)"
    }

    /// `presentation` on an element that has no `destination` (both spelt).
    static func presentationWithoutDestination(presentation: String, destination: String) -> String {
        "\(presentation) applies only to an element with a \(destination)"
    }

    // MARK: - Attributes

    /// An attribute (`word` "attribute" or, in JSON, "key") unknown on `element` (spelt, unquoted
    /// parts quoted by the caller's spelling); `known` are the spelt names it could have meant.
    static func unknownAttribute(_ name: String, word: String, on element: String, known: [String]) -> String {
        unknownAttribute(name, word: word, on: element, suggestion: Suggestion.closest(to: name, in: known))
    }

    /// `unknownAttribute(_:word:on:known:)` with the closest known name already found.
    static func unknownAttribute(_ name: String, word: String, on element: String, suggestion: String?) -> String {
        "unknown \(word) '\(MessageText.quoted(name))' on \(element)\(Suggestion.hint(suggestion))"
    }

    /// A value of the wrong JSON type (or an XML value that cannot have that type).
    static func wrongType(_ attribute: String, expected: String, found: String) -> String {
        "\(attribute) must be \(expected), not \(found)"
    }

    /// An app `language` that is not a BCP 47 tag.
    static func notALanguageTag(_ attribute: String, value: String) -> String {
        "\(attribute) must be a BCP 47 language tag such as ko or en-GB, not '\(value)'"
    }

    /// An attribute that must not be blank.
    static func emptyValue(_ attribute: String) -> String {
        "\(attribute) must not be empty"
    }

    /// An XML boolean other than true or false.
    static func notABoolean(_ attribute: String, value: String) -> String {
        "\(attribute) must be true or false, not '\(MessageText.quoted(value))'"
    }

    /// An XML number of seconds that is not digits with at most one dot.
    static func notSeconds(_ attribute: String, value: String) -> String {
        "\(attribute) must be a number of seconds written with digits and at most one dot, such as 0.6 or 2, not '\(MessageText.quoted(value))'"
    }

    /// A number of seconds below zero or not finite.
    static func negativeSeconds(_ attribute: String, value: Double) -> String {
        "\(attribute) must be zero or more seconds, not \(value)"
    }

    /// A `restore-focus` word that is not one of `allowed`.
    static func unknownRestoreTrigger(_ attribute: String, word: String, allowed: [String]) -> String {
        "\(attribute) must be one of \(allowed.joined(separator: ", ")), or on-appear on-dismiss, not '\(MessageText.quoted(word))'\(Suggestion.hint(for: word, in: allowed))"
    }

    /// A value that is not one of `allowed`.
    static func notAChoice(_ attribute: String, value: String, allowed: [String]) -> String {
        "\(attribute) must be one of \(allowed.joined(separator: ", ")), not '\(MessageText.quoted(value))'\(Suggestion.hint(for: value, in: allowed))"
    }

    /// A `font` that is neither a text style in `styles` nor `fixed:SIZE`.
    static func notAFont(_ value: String, styles: [String]) -> String {
        "font must be a text style (\(styles.joined(separator: ", "))) or fixed:SIZE in points such as fixed:17, not '\(value)'\(Suggestion.hint(for: value, in: styles))"
    }

    /// A `size` that is not WIDTHxHEIGHT.
    static func notASize(_ value: String) -> String {
        "size must be WIDTHxHEIGHT in points such as 44x44, not '\(value)'"
    }

    /// A `line-limit` that is not a whole number of lines, 1 or more.
    static func notALineLimit(_ attribute: String) -> String {
        "\(attribute) must be a whole number of lines, 1 or more"
    }

    /// A `minimum-scale-factor` outside (0, 1].
    static func notAScaleFactor(_ attribute: String) -> String {
        "\(attribute) must be a number more than 0 and at most 1, such as 0.5"
    }

    /// A trait word that is not one of `allowed`.
    static func unknownTrait(_ word: String, allowed: [String]) -> String {
        "unknown trait '\(MessageText.quoted(word))'\(Suggestion.hint(for: word, in: allowed))"
    }

    // MARK: - JSON

    /// A screen or a view in `"body"` that is not an object (`isScreen` tells which).
    static func notAnObject(isScreen: Bool, found: String) -> String {
        "\(isScreen ? "each screen" : "each view in \"body\"") must be an object, not \(found)"
    }

    /// A `"view"` key that is not a non-empty string.
    static var viewKeyNotAName: String { "\"view\" must be a non-empty string naming the view type" }

    /// A view object without a `"view"` key.
    static var viewKeyMissing: String {
        "a view needs a \"view\" key naming its type (\"Button\", \"Text\", …); it is read as a custom view"
    }

    /// A `"body"` that is not an array.
    static func bodyNotAnArray(found: String) -> String {
        "\"body\" must be an array of views, not \(found)"
    }

    /// A key written with dashes; `camelCase` is its JSON spelling when that is a known key.
    static func dashedKey(_ key: String, camelCase: String?) -> String {
        "unknown key '\(key)': JSON keys are camelCase\(camelCase.map { "; did you mean '\($0)'?" } ?? "")"
    }

    /// A key written more than once in one JSON object.
    static func duplicateKey(_ key: String) -> String {
        "key '\(MessageText.quoted(key))' is written more than once in this object; JSON readers differ on which value "
            + "counts (focusaudit reads the last): keep one"
    }

    /// A `"focusauditDisable"` that is not an array of strings.
    static func disableNotAnArray(found: String) -> String {
        "\"focusauditDisable\" must be an array of rule ids, not \(found)"
    }

    // MARK: - Interface Builder

    /// An Interface Builder boolean other than YES or NO.
    static func notYesOrNo(_ attribute: String, value: String) -> String {
        "\(MessageText.quoted(attribute)) must be YES or NO, not '\(MessageText.quoted(value))'; it is read as not set"
    }
}
