/// The Basic Multilingual Plane scalars that NFC never changes and that never
/// combine with the scalar before them, as a bit set.
///
/// A scalar is inert when it is assigned, has canonical combining class 0 and is
/// not a full composition exclusion (so its NFC quick check value is Yes), and it
/// lies outside U+0900–U+1DFF, the blocks holding every BMP scalar of class 0 that
/// can be the second half of a canonical composition (Indic vowel signs, Hangul
/// medial and final jamo). Text made only of inert scalars is NFC by the quick
/// check: Latin, Greek, Cyrillic, Hebrew letters, CJK, Hangul syllables and
/// general punctuation such as ’ and “ pass without ICU; combining marks do not.
///
/// The ranges below were computed from the standard library's Unicode properties
/// (tests recompute them, and check ICU agrees). Unicode's stability policy keeps
/// them true in later versions: an assigned character never changes its combining
/// class or decomposition, and no new composition may produce an existing one.
package struct NFCInertScalars: Sendable {
    package static let shared = NFCInertScalars()

    /// Inclusive ranges, each packed as first << 16 | last.
    static let ranges: [UInt32] = [
        0x0000_02FF, 0x034F_034F, 0x0370_0373, 0x0375_0377, 0x037A_037D, 0x037F_037F, 0x0384_0386, 0x0388_038A,
        0x038C_038C, 0x038E_03A1, 0x03A3_0482, 0x0488_052F, 0x0531_0556, 0x0559_058A, 0x058D_058F, 0x05BE_05BE,
        0x05C0_05C0, 0x05C3_05C3, 0x05C6_05C6, 0x05D0_05EA, 0x05EF_05F4, 0x0600_060F, 0x061B_064A, 0x0660_066F,
        0x0671_06D5, 0x06DD_06DE, 0x06E5_06E6, 0x06E9_06E9, 0x06EE_070D, 0x070F_0710, 0x0712_072F, 0x074D_07B1,
        0x07C0_07EA, 0x07F4_07FA, 0x07FE_0815, 0x081A_081A, 0x0824_0824, 0x0828_0828, 0x0830_083E, 0x0840_0858,
        0x085E_085E, 0x0860_086A, 0x0870_0891, 0x08A0_08C9, 0x08E2_08E2, 0x1E00_1F15, 0x1F18_1F1D, 0x1F20_1F45,
        0x1F48_1F4D, 0x1F50_1F57, 0x1F59_1F59, 0x1F5B_1F5B, 0x1F5D_1F5D, 0x1F5F_1F70, 0x1F72_1F72, 0x1F74_1F74,
        0x1F76_1F76, 0x1F78_1F78, 0x1F7A_1F7A, 0x1F7C_1F7C, 0x1F80_1FB4, 0x1FB6_1FBA, 0x1FBC_1FBD, 0x1FBF_1FC4,
        0x1FC6_1FC8, 0x1FCA_1FCA, 0x1FCC_1FD2, 0x1FD6_1FDA, 0x1FDD_1FE2, 0x1FE4_1FEA, 0x1FEC_1FED, 0x1FF2_1FF4,
        0x1FF6_1FF8, 0x1FFA_1FFA, 0x1FFC_1FFC, 0x1FFE_1FFE, 0x2002_2064, 0x2066_2071, 0x2074_208E, 0x2090_209C,
        0x20A0_20C1, 0x20DD_20E0, 0x20E2_20E4, 0x2100_2125, 0x2127_2129, 0x212C_218B, 0x2190_2328, 0x232B_2429,
        0x2440_244A, 0x2460_2ADB, 0x2ADD_2B73, 0x2B76_2CEE, 0x2CF2_2CF3, 0x2CF9_2D25, 0x2D27_2D27, 0x2D2D_2D2D,
        0x2D30_2D67, 0x2D6F_2D70, 0x2D80_2D96, 0x2DA0_2DA6, 0x2DA8_2DAE, 0x2DB0_2DB6, 0x2DB8_2DBE, 0x2DC0_2DC6,
        0x2DC8_2DCE, 0x2DD0_2DD6, 0x2DD8_2DDE, 0x2E00_2E5D, 0x2E80_2E99, 0x2E9B_2EF3, 0x2F00_2FD5, 0x2FF0_3029,
        0x3030_303F, 0x3041_3096, 0x309B_30FF, 0x3105_312F, 0x3131_318E, 0x3190_31E5, 0x31EF_321E, 0x3220_A48C,
        0xA490_A4C6, 0xA4D0_A62B, 0xA640_A66E, 0xA670_A673, 0xA67E_A69D, 0xA6A0_A6EF, 0xA6F2_A6F7, 0xA700_A7DC,
        0xA7F1_A805, 0xA807_A82B, 0xA830_A839, 0xA840_A877, 0xA880_A8C3, 0xA8C5_A8C5, 0xA8CE_A8D9, 0xA8F2_A92A,
        0xA92E_A952, 0xA95F_A97C, 0xA980_A9B2, 0xA9B4_A9BF, 0xA9C1_A9CD, 0xA9CF_A9D9, 0xA9DE_A9FE, 0xAA00_AA36,
        0xAA40_AA4D, 0xAA50_AA59, 0xAA5C_AAAF, 0xAAB1_AAB1, 0xAAB5_AAB6, 0xAAB9_AABD, 0xAAC0_AAC0, 0xAAC2_AAC2,
        0xAADB_AAF5, 0xAB01_AB06, 0xAB09_AB0E, 0xAB11_AB16, 0xAB20_AB26, 0xAB28_AB2E, 0xAB30_AB6B, 0xAB70_ABEC,
        0xABF0_ABF9, 0xAC00_D7A3, 0xD7B0_D7C6, 0xD7CB_D7FB, 0xFA0E_FA0F, 0xFA11_FA11, 0xFA13_FA14, 0xFA1F_FA1F,
        0xFA21_FA21, 0xFA23_FA24, 0xFA27_FA29, 0xFB00_FB06, 0xFB13_FB17, 0xFB20_FB29, 0xFB4F_FDCF, 0xFDF0_FE19,
        0xFE30_FE52, 0xFE54_FE66, 0xFE68_FE6B, 0xFE70_FE74, 0xFE76_FEFC, 0xFEFF_FEFF, 0xFF01_FFBE, 0xFFC2_FFC7,
        0xFFCA_FFCF, 0xFFD2_FFD7, 0xFFDA_FFDC, 0xFFE0_FFE6, 0xFFE8_FFEE, 0xFFF9_FFFD,
    ]

    private let words: [UInt64]

    private init() {
        var words = [UInt64](repeating: 0, count: 0x10000 / 64)
        for range in Self.ranges {
            for value in Int(range >> 16)...Int(range & 0xFFFF) {
                words[value >> 6] |= 1 << UInt64(value & 63)
            }
        }
        self.words = words
    }

    /// Whether a BMP scalar value is inert.
    func contains(_ value: UInt32) -> Bool {
        guard value < 0x10000 else { return false }
        return words[Int(value) >> 6] & (1 << UInt64(value & 63)) != 0
    }

    /// The canonical combining classes of U+0591–U+05C7 (Hebrew accents and points), 0 for the
    /// scalars of that range that are starters or unassigned (which the inert table decides).
    ///
    /// No canonical composition has one of these marks as its second half but the Hebrew presentation
    /// forms U+FB1D–U+FB4E, and those are all composition exclusions: in NFC such a mark never composes,
    /// so text of inert scalars and these marks is NFC exactly when each run of marks is in canonical
    /// order (classes non-decreasing). Tests recompute the classes and check ICU agrees.
    static let hebrewMarkClasses: [UInt8] = [
        220, 230, 230, 230, 230, 220, 230, 230, 230, 222, 220, 230, 230, 230, 230, 230,  // U+0591–U+05A0
        230, 220, 220, 220, 220, 220, 220, 230, 230, 220, 230, 230, 222, 228, 230, 10,  // U+05A1–U+05B0
        11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 0, 23, 0,  // U+05B1–U+05C0
        24, 25, 0, 230, 220, 0, 18,  // U+05C1–U+05C7
    ]

    /// `hebrewMarkClasses` where no array is at hand, never freed.
    nonisolated(unsafe) private static let hebrewClassTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: hebrewMarkClasses.count)
        for (index, value) in hebrewMarkClasses.enumerated() { table[index] = value }
        return UnsafePointer(table)
    }()

    /// What the tables alone tell of NFC.
    enum Verdict {
        /// NFC: every scalar is inert or a Hebrew mark of U+0591–U+05C7, and the marks after each starter
        /// come in canonical order.
        case normalized
        /// Not NFC: two Hebrew marks out of canonical order, next to each other (NFC reorders them).
        case reordered
        /// Only ICU can tell.
        case unknown
    }

    /// Whether valid UTF-8 is NFC by this table alone: `verdict(_:)` is `.normalized`.
    func isKnownNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { verdict(bytes) == .normalized }

    /// What the tables tell of NFC for valid UTF-8: read up to the first scalar that is neither inert
    /// nor a Hebrew mark (`.unknown`), or the first Hebrew mark of a lower class than the mark before
    /// it (`.reordered`).
    ///
    /// - Complexity: O(n), one table look-up per scalar.
    func verdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict { scan(bytes, hebrewMarks: true) }

    /// The one scan of `verdict` and `containsOnlyInert`: with `hebrewMarks`, the Hebrew marks of
    /// U+0591–U+05C7 in canonical order pass too; without, every scalar must be inert (`.normalized`).
    @inline(__always)
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, hebrewMarks: Bool) -> Verdict {
        var index = 0
        let count = bytes.count
        // Loaded once, and only for `verdict` (the inert check never reads it).
        let hebrew = hebrewMarks ? Self.hebrewClassTable : nil
        var lastClass: UInt8 = 0
        while index < count {
            let lead = bytes[index]
            let value: UInt32
            if lead < 0x80 {
                index += 1
                lastClass = 0
                continue
            } else if lead < 0xE0 {
                guard lead >= 0xC2, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 else { return .unknown }
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
                let offset = value &- 0x0591
                if let hebrew, offset < 0x37 {
                    let markClass = hebrew[Int(offset)]
                    if markClass != 0 {
                        guard markClass >= lastClass else { return .reordered }
                        lastClass = markClass
                        continue
                    }
                }
            } else if lead < 0xF0 {
                guard index + 2 < count, bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else {
                    return .unknown
                }
                value =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                // Overlong forms and surrogates are invalid UTF-8: ICU decides.
                guard value >= 0x800, !(0xD800..<0xE000).contains(value) else { return .unknown }
                index += 3
            } else {
                return .unknown
            }
            guard contains(value) else { return .unknown }
            lastClass = 0
        }
        return .normalized
    }

    /// Whether every scalar of valid UTF-8 is inert (`false` for anything else, including invalid UTF-8).
    package func containsOnlyInert(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(bytes, hebrewMarks: false) == .normalized
    }
}
