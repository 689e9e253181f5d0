/// A count with its noun in the right number: `1 book`, `2 books`, `0 verses`.
///
/// - Parameters:
///   - count: how many.
///   - singular: the noun for one (`book`).
///   - plural: the noun for any other count (default: `singular` + `s`).
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
