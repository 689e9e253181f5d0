import Foundation

/// A moment to the millisecond, as annotations record their creation and last change.
///
/// Kept as whole milliseconds since 1970 (UTC) so that the store, both interchange formats and the merge
/// rules compare the same numbers; written as ISO 8601 (`2026-05-16T10:00:00.123Z`).
public struct AnnotationTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var milliseconds: Int64

    /// A moment from milliseconds since 1970.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// A moment from a `Date`, cut to the millisecond.
    public init(_ date: Date) {
        milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The current time.
    public static var now: AnnotationTime { AnnotationTime(Date()) }

    /// The moment as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    public static func < (lhs: AnnotationTime, rhs: AnnotationTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// ISO 8601 in UTC with milliseconds: `2026-05-16T10:00:00.123Z`.
    public var description: String {
        let (days, remainder) = Self.floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = Self.civil(fromDays: days)
        let hour = remainder / 3_600_000
        let minute = remainder / 60_000 % 60
        let second = remainder / 1000 % 60
        let millisecond = remainder % 1000
        return Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2) + "T"
            + Self.digits(hour, 2) + ":" + Self.digits(minute, 2) + ":" + Self.digits(second, 2) + "."
            + Self.digits(millisecond, 3) + "Z"
    }

    /// Reads ISO 8601 as `description` writes it, or with fewer (or no) fraction digits, or an offset
    /// (`+02:00`) instead of `Z`; nil for anything else.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        var cursor = 0
        func number(_ count: Int) -> Int64? {
            guard cursor + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[cursor..<cursor + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            cursor += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard cursor < bytes.count, bytes[cursor] == byte else { return false }
            cursor += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            expect(0x54) || expect(0x74), let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A),
            let second = number(2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var fraction: Int64 = 0
        if expect(0x2E) {
            var digits = 0
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
                if digits < 3 { fraction = fraction * 10 + Int64(bytes[cursor] - 0x30) }
                digits += 1
                cursor += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { fraction *= 10 }
        }
        var offset: Int64 = 0
        if expect(0x5A) || expect(0x7A) {
            offset = 0
        } else if cursor < bytes.count, bytes[cursor] == 0x2B || bytes[cursor] == 0x2D {
            let sign: Int64 = bytes[cursor] == 0x2D ? -1 : 1
            cursor += 1
            guard let hours = number(2), expect(0x3A), let minutes = number(2), hours < 24, minutes < 60 else {
                return nil
            }
            offset = sign * (hours * 60 + minutes) * 60_000
        } else {
            return nil
        }
        guard cursor == bytes.count else { return nil }
        let days = Self.days(fromCivil: year, month, day)
        milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + fraction - offset
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
