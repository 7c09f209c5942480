//! Reading a player's lines at the terminal: with line editing, a history (↑/↓, kept for the
//! session) and Tab completing the legal moves when standard input is a terminal (rustyline);
//! plain lines when it is a pipe, so scripts and tests drive `play` as before.

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};

/// Completes the word under the cursor to the legal moves and commands that start with it.
#[derive(Helper, Hinter, Highlighter, Validator, Default)]
pub struct Choices {
    words: Vec<String>,
}

impl Completer for Choices {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let candidates = self
            .words
            .iter()
            .filter(|w| w.starts_with(word))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w.clone(),
            })
            .collect();
        Ok((start, candidates))
    }
}

/// Where the player's lines come from.
pub enum Lines {
    /// A terminal: rustyline.
    Editor(Box<Editor<Choices, DefaultHistory>>),
    /// A pipe or file.
    Plain(std::io::Lines<std::io::StdinLock<'static>>),
}

impl Lines {
    /// Line editing when standard input is a terminal, plain lines otherwise.
    pub fn open() -> Lines {
        if std::io::stdin().is_terminal() {
            if let Ok(mut editor) = Editor::new() {
                editor.set_helper(Some(Choices::default()));
                return Lines::Editor(Box::new(editor));
            }
        }
        Lines::Plain(std::io::stdin().lock().lines())
    }

    /// The next line after `prompt`, Tab completing to `choices`; `None` at the end of input
    /// (Ctrl-D, or Ctrl-C at the terminal).
    pub fn next(
        &mut self,
        prompt: &str,
        choices: Vec<String>,
        out: &mut impl Write,
    ) -> Option<std::io::Result<String>> {
        match self {
            Lines::Editor(editor) => {
                if let Some(helper) = editor.helper_mut() {
                    helper.words = choices;
                }
                match editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Some(Ok(line))
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) => None,
                    Err(ReadlineError::Io(e)) => Some(Err(e)),
                    Err(e) => Some(Err(std::io::Error::other(e.to_string()))),
                }
            }
            Lines::Plain(lines) => {
                if let Err(e) = write!(out, "{prompt}").and_then(|()| out.flush()) {
                    return Some(Err(e));
                }
                lines.next()
            }
        }
    }
}

/// `words` as lines of at most `width` columns, broken between words only.
pub fn wrap<'a>(words: impl IntoIterator<Item = &'a str>, width: usize) -> Vec<Cow<'a, str>> {
    let mut lines: Vec<Cow<'a, str>> = Vec::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(Cow::Owned(std::mem::take(&mut line)));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(Cow::Owned(line));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_between_words_within_the_width() {
        let words = ["a1/1", "a1/2", "b2/10", "c3/4", "d4/12"];
        assert_eq!(wrap(words, 10), ["a1/1 a1/2", "b2/10 c3/4", "d4/12"]);
        assert_eq!(wrap(words, 80), ["a1/1 a1/2 b2/10 c3/4 d4/12"]);
        assert_eq!(
            wrap(["averyverylongword", "b"], 5),
            ["averyverylongword", "b"]
        );
        assert!(wrap([], 5).is_empty());
    }

    #[test]
    fn tab_completes_the_choices_that_start_with_the_word() {
        let choices = Choices {
            words: vec!["c3".into(), "c4".into(), "d4".into(), "moves".into()],
        };
        let history = DefaultHistory::new();
        let context = Context::new(&history);
        let (start, found) = choices.complete("  c", 3, &context).unwrap();
        assert_eq!(start, 2);
        let found: Vec<_> = found.into_iter().map(|p| p.replacement).collect();
        assert_eq!(found, ["c3", "c4"]);
        let (_, found) = choices.complete("m", 1, &context).unwrap();
        assert_eq!(found.len(), 1);
    }
}
