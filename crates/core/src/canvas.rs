//! A text canvas for the terminal diagrams of positions: lines of characters that grow as they
//! are written, written out with trailing blanks trimmed. Every game's `diagram` draws on one.

/// Lines of characters, written anywhere; what falls left of the first column or above the first
/// line is dropped.
#[derive(Clone, Debug, Default)]
pub struct Canvas {
    lines: Vec<Vec<char>>,
}

impl Canvas {
    /// An empty canvas.
    pub fn new() -> Canvas {
        Canvas::default()
    }

    /// The cell at (`line`, `col`), made if missing; `None` left of or above the canvas.
    fn cell(&mut self, line: i32, col: i32) -> Option<&mut char> {
        let (line, col) = (usize::try_from(line).ok()?, usize::try_from(col).ok()?);
        if self.lines.len() <= line {
            self.lines.resize(line + 1, Vec::new());
        }
        let row = &mut self.lines[line];
        if row.len() <= col {
            row.resize(col + 1, ' ');
        }
        Some(&mut row[col])
    }

    /// `text` from (`line`, `col`) rightwards.
    pub fn put(&mut self, line: i32, col: i32, text: &str) {
        for (i, ch) in text.chars().enumerate() {
            if let Some(cell) = self.cell(line, col + i as i32) {
                *cell = ch;
            }
        }
    }

    /// `text` centred on (`line`, `col`): its middle character there, or for an even length, the
    /// left one of its middle two.
    pub fn centre(&mut self, line: i32, col: i32, text: &str) {
        self.put(line, col - (text.chars().count() as i32 - 1) / 2, text);
    }

    /// `ch` at (`line`, `col`) unless something is drawn there already.
    pub fn mark(&mut self, line: i32, col: i32, ch: char) {
        if let Some(cell) = self.cell(line, col).filter(|c| **c == ' ') {
            *cell = ch;
        }
    }

    /// The lines, each without trailing blanks and ending in a newline.
    pub fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.iter().collect::<String>().trim_end().to_string() + "\n")
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_put_centred_and_marked_where_nothing_is() {
        let mut c = Canvas::new();
        c.put(1, 2, "ab");
        c.centre(0, 3, "xyz");
        c.centre(2, 1, "pq");
        c.mark(1, 2, '#');
        c.mark(1, 5, '#');
        // Left of the canvas is dropped, not wrapped.
        c.put(3, -1, "uv");
        assert_eq!(c.text(), "  xyz\n  ab #\n pq\nv\n");
        c.mark(-1, 0, '#');
        c.put(-2, 0, "gone");
        assert_eq!(c.text(), "  xyz\n  ab #\n pq\nv\n");
    }
}
