extension FlatContentBuilder {
    /// Adds a note's category as the `\cat …\cat*` span the USFM parser makes of it: USX and USJ hold it as the
    /// note's `category` attribute (`cat` is of USFM 3.1.2's `attribute` category), read into the open note.
    public mutating func noteCategory(_ text: String) {
        openCharacter(marker: "cat")
        self.text(text)
        close()
    }
}
