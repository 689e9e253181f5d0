// TEMPORARY until the ICU-backed DisplayWidth lands from the `files` branch; removed at that merge.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            let v = scalar.value
            if (0x0300...0x036F).contains(v) { return width }
            if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v)
            {
                return width + 2
            }
            return width + 1
        }
    }
}
