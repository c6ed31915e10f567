//! Byte offsets ↔ LSP positions (line, UTF-16 column), the one place the
//! server converts between them (rust-analyzer's `from_proto`/`to_proto`).

use lsp_types::{Position, Range};

/// Where each line of a text starts, for converting positions.
#[derive(Debug, Default)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0u32];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| u32::try_from(i + 1).unwrap_or(u32::MAX)),
        );
        LineIndex { starts }
    }

    /// The LSP position of byte `offset` (clamped to the text).
    pub fn position(&self, text: &str, offset: u32) -> Position {
        let offset = offset.min(u32::try_from(text.len()).unwrap_or(u32::MAX));
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0) as usize;
        let col = text
            .get(start..offset as usize)
            .map_or(0, |s| s.encode_utf16().count());
        Position::new(line as u32, col as u32)
    }

    pub fn range(&self, text: &str, start: u32, end: u32) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte offset of an LSP position (clamped to its line and the text).
    pub fn offset(&self, text: &str, pos: Position) -> u32 {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return u32::try_from(text.len()).unwrap_or(u32::MAX);
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&e| e as usize);
        let line = text.get(start as usize..end).unwrap_or("");
        let mut units = 0u32;
        for (i, c) in line.char_indices() {
            if units >= pos.character || c == '\n' {
                return start + i as u32;
            }
            units += c.len_utf16() as u32;
        }
        start + line.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_utf16_columns() {
        let text = "ab\n\u{e9}x\u{1f600}y\nz";
        let li = LineIndex::new(text);
        for off in [0u32, 1, 3, 5, 6, 10, 12] {
            let p = li.position(text, off);
            assert_eq!(li.offset(text, p), off, "{p:?}");
        }
        assert_eq!(li.position(text, 10), Position::new(1, 4));
        assert_eq!(li.offset(text, Position::new(9, 0)), text.len() as u32);
        assert_eq!(li.offset(text, Position::new(0, 99)), 2);
    }
}
