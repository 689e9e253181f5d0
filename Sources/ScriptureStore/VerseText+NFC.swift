import ScriptureModel
import TextNormalization

extension VerseText {
    /// Puts the text in NFC and moves the tagged words' ranges with it.
    ///
    /// The text is normalised piece by piece between the words' bounds, so that each bound's new offset is
    /// known; when that differs from normalising the whole (a bound that splits a character's marks), the
    /// whole is normalised and the words are dropped rather than left pointing at the wrong bytes.
    ///
    /// - Complexity: O(text), twice when the verse has tagged words.
    mutating func normalizeKeepingWords() {
        let whole = NFC.normalize(text)
        guard !words.isEmpty else {
            text = whole
            return
        }
        let bytes = Array(text.utf8)
        var bounds = Set<Int>()
        for word in words {
            bounds.insert(word.utf8Range.lowerBound)
            bounds.insert(word.utf8Range.upperBound)
        }
        var moved: [Int: Int] = [0: 0]
        var pieces = ""
        var previous = 0
        for bound in bounds.sorted() + [bytes.count] where bound > previous && bound <= bytes.count {
            pieces += NFC.normalize(String(decoding: bytes[previous..<bound], as: UTF8.self))
            moved[bound] = pieces.utf8.count
            previous = bound
        }
        text = whole
        guard pieces == whole else {
            words = []
            return
        }
        words = words.compactMap { word in
            guard let lower = moved[word.utf8Range.lowerBound], let upper = moved[word.utf8Range.upperBound] else {
                return nil
            }
            var word = word
            word.utf8Range = lower..<upper
            return word
        }
    }
}
