import Foundation
import Testing

/// Numbers past every range, given on the command line and in references, through the built binary: each is
/// refused where it enters with a sentence naming the range (exit 64 for an option, 1 for a reference or a
/// query), never an overflow trap.
@Suite struct NumberRangeTests {
    static let huge = "9223372036854775807"

    static let pageRange = "option '--page' expects a page number from 1 to 1000000, not '\(huge)'"

    @Test(arguments: [
        (["search", "God", "--page", huge], 64, pageRange),
        (["search", "God", "--page", huge, "--order", "relevance"], 64, pageRange),
        (["search", "God", "--page", huge, "--bible", "all"], 64, pageRange),
        (["search", "God", "--page", huge, "--bible", "all", "--group-by", "verse"], 64, pageRange),
        (["search", "God", "--page", "1000001"], 64, "option '--page' expects a page number from 1 to 1000000"),
        (["search", "God", "--page", "1000000", "--page-size", "1000", "--order", "relevance"], 1,
         "page 1000000 is past the end"),
        (["search", "God", "--page", "1000000", "--bible", "all"], 1, "page 1000000 is past the end"),
        (["search", "God", "--page-size", "99999999999999999999"], 64, "expects a number from 1 to 1000"),
        (["search", "God NEAR/99999999999999999999 light"], 1, "NEAR takes a distance"),
        (["import", "x", "--id", "99999999999999999999"], 64, "expects a number from 1 to 999999999"),
        (["read", "GEN.1.9223372036854775808"], 1,
         "the number 9223372036854775808 is out of range; chapter and verse numbers go from 1 to 999999"),
        (["read", "GEN 9223372036854775808"], 1, "the number 9223372036854775808 is out of range"),
        (["read", "GEN 1:1-18446744073709551617"], 1, "the number 18446744073709551617 is out of range"),
        (["next", "GEN.\(huge)"], 1, "the number \(huge) is out of range"),
        (["map", "GEN.1.\(huge)", "--to", "1"], 1, "the number \(huge) is out of range"),
        (["read", "GEN.1", "--bible", "99999999999999999999"], 1, "no Bible '99999999999999999999'"),
        (["remove", huge], 1, "no Bible '\(huge)'"),
    ] as [([String], Int32, String)])
    func aNumberOutOfRangeIsRefusedInASentence(arguments: [String], status: Int32, message: String) throws {
        let result = try BinarySample.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.standardError.hasPrefix("Error: ") && result.standardError.contains(message), "\(result)")
    }
}
