/// A marker name as the parser needs it: the name and its role, resolved once.
struct USFMMarkerInfo {
    /// The name without `\`, `+` or `*`.
    let name: String
    /// What the marker does, or `nil` when Lectern does not know it.
    let role: USFMMarkerRole?

    /// The marker's slot in `USFMMarkerTable`, or -1 for a marker not in the table.
    let slot: Int
    /// `\va` or `\vp`, which may give the verse before them its alternate or published number.
    let isVerseNumber: Bool
    /// Whether `\name text|attributes\name*` always reads as one character span
    /// (a character style other than `\va` and `\vp`, which may belong to a verse instead).
    let makesPlainSpan: Bool

    init(name: String, role: USFMMarkerRole?, slot: Int = -1) {
        self.name = name
        self.role = role
        self.slot = slot
        isVerseNumber = name == "va" || name == "vp"
        makesPlainSpan = role == .character && !isVerseNumber
    }
}

/// Resolves marker names without building a `String` or hashing one: names of up to
/// eight bytes are packed into a `UInt64` and looked up in a small open-addressing
/// table filled once with the markers USFM 3 defines. Other names take the slow path,
/// `USFMMarkers.role(of:)`, which also decided every entry of the table.
struct USFMMarkerTable: Sendable {
    /// The table every parser shares; built on first use.
    static let shared = USFMMarkerTable()

    static let slotBits = 10
    private let keys: [UInt64]
    private let infos: [USFMMarkerInfo?]

    private init() {
        var keys = [UInt64](repeating: 0, count: 1 << Self.slotBits)
        var infos = [USFMMarkerInfo?](repeating: nil, count: 1 << Self.slotBits)
        for name in Self.knownNames() {
            let bytes = Array(name.utf8)
            let key = bytes.withUnsafeBufferPointer { Self.pack($0, 0, $0.count) }
            guard key != 0 else { continue }
            var slot = Self.slot(of: key)
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & ((1 << Self.slotBits) - 1) }
            keys[slot] = key
            infos[slot] = USFMMarkerInfo(name: name, role: USFMMarkers.role(of: name), slot: slot)
        }
        self.keys = keys
        self.infos = infos
    }

    /// The marker named by `input[start..<end]` (a non-empty run of name bytes).
    ///
    /// - Complexity: O(1) for names in the table; otherwise builds the name and classifies it.
    @inline(__always)
    func info(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> USFMMarkerInfo {
        let key = Self.pack(input, start, end)
        if key != 0 {
            var slot = Self.slot(of: key)
            while true {
                let found = keys[slot]
                if found == key, let info = infos[slot] { return info }
                if found == 0 { break }
                slot = (slot + 1) & ((1 << Self.slotBits) - 1)
            }
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
        return USFMMarkerInfo(name: name, role: USFMMarkers.role(of: name))
    }

    /// The marker called `name`, for markers the parser looks for by name.
    func info(named name: String) -> USFMMarkerInfo {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { info($0, 0, $0.count) }
    }

    /// The bytes of a name of one to eight bytes, little-endian, or 0 for other lengths.
    @inline(__always)
    private static func pack(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        let length = end - start
        guard length >= 1 && length <= 8 else { return 0 }
        var key: UInt64 = 0
        var index = end
        while index > start {
            index -= 1
            key = key << 8 | UInt64(input[index])
        }
        return key
    }

    @inline(__always)
    private static func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
    }

    /// Every marker name USFM 3 defines, with the numbered forms in common use.
    private static func knownNames() -> [String] {
        var names: [String] = [
            "id", "usfm", "c", "ca", "cp", "cl", "v", "fig", "tr", "esb", "esbe", "periph", "ts", "ide", "h", "sts",
            "restore", "rem", "b", "ib", "nb", "cd", "qa", "lit", "cls", "pc", "ph", "pmo", "pmc", "pmr", "pm", "pr",
            "po", "mr", "sr", "r", "d", "sp", "qr", "qc", "qd", "lh", "lf", "iot", "iex", "ie", "ipc", "ipr", "ipi",
            "imi", "ipq", "imq", "m", "mi", "p", "ip", "im", "toca",
        ]
        names += USFMMarkers.characterMarkers.sorted()
        names += USFMMarkers.noteCharacterMarkers.sorted()
        names += USFMMarkers.noteMarkers.sorted()
        let numbered = [
            "h", "toc", "toca", "mt", "mte", "imt", "imte", "is", "iq", "ili", "io", "s", "ms", "sd", "pi", "ph", "q",
            "qm", "li", "lim", "liv", "th", "thr", "thc", "tc", "tcr", "tcc",
        ]
        for base in numbered {
            names.append(base)
            for number in 1...4 { names.append(base + String(number)) }
        }
        for milestone in ["qt", "qt1", "qt2", "ts", "zaln", "k"] {
            names.append(milestone + "-s")
            names.append(milestone + "-e")
        }
        return names
    }
}
