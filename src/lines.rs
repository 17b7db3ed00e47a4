//! Reading input a line at a time with a bounded buffer, for the console and the engine: an
//! over-long line is consumed and dropped without being held in memory, and a line that is
//! not UTF-8 is handed back as bytes for the caller to refuse. Nothing here ends a session
//! but the end of input or a read error.

use std::io::BufRead;

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// One line read from input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line (without its `\n` or `\r\n`) as text.
    Text(String),
    /// A line of this many bytes that is not UTF-8.
    NotUtf8(usize),
    /// A line longer than the limit, of this many bytes; it was read past and dropped.
    TooLong(usize),
}

/// Collects one line: bytes up to the limit are kept, the rest only counted.
#[derive(Default)]
struct Collector {
    kept: Vec<u8>,
    seen: usize,
}

impl Collector {
    /// Takes bytes from `chunk` up to and including a newline; returns how many were used and
    /// whether the line ended.
    fn take(&mut self, chunk: &[u8], max: usize) -> (usize, bool) {
        let (used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let body = &chunk[..if ended { used - 1 } else { used }];
        if self.seen + body.len() <= max {
            self.kept.extend_from_slice(body);
        } else {
            self.kept = Vec::new();
        }
        self.seen += body.len();
        (used, ended)
    }

    fn finish(mut self, max: usize) -> Line {
        if self.seen > max {
            return Line::TooLong(self.seen);
        }
        if self.kept.last() == Some(&b'\r') {
            self.kept.pop();
        }
        let n = self.kept.len();
        String::from_utf8(self.kept).map_or(Line::NotUtf8(n), Line::Text)
    }
}

/// Reads the next line of at most `max` bytes from a blocking reader; `None` at the end.
///
/// # Errors
/// Fails only when reading fails.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Line>> {
    let mut line = Collector::default();
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then(|| line.finish(max)));
        }
        any = true;
        let (used, ended) = line.take(chunk, max);
        input.consume(used);
        if ended {
            return Ok(Some(line.finish(max)));
        }
    }
}

/// Reads the next line of at most `max` bytes from an async reader; `None` at the end.
///
/// # Errors
/// Fails only when reading fails.
pub async fn read_line_async(
    input: &mut (impl AsyncBufRead + Unpin),
    max: usize,
) -> std::io::Result<Option<Line>> {
    let mut line = Collector::default();
    let mut any = false;
    loop {
        let chunk = input.fill_buf().await?;
        if chunk.is_empty() {
            return Ok(any.then(|| line.finish(max)));
        }
        any = true;
        let (used, ended) = line.take(chunk, max);
        input.consume(used);
        if ended {
            return Ok(Some(line.finish(max)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<Line> {
        // A tiny buffer makes lines cross chunk boundaries.
        let mut reader = std::io::BufReader::with_capacity(3, input);
        std::iter::from_fn(|| read_line(&mut reader, max).unwrap()).collect()
    }

    #[test]
    fn lines_are_split_bounded_and_checked_for_utf8() {
        let lines = all(b"ab\r\n\xff\xfe\nabcdefghij\n\nlast", 5);
        assert_eq!(
            lines,
            vec![
                Line::Text("ab".into()),
                Line::NotUtf8(2),
                Line::TooLong(10),
                Line::Text(String::new()),
                Line::Text("last".into()),
            ]
        );
        assert_eq!(all(b"", 5), vec![]);
        assert_eq!(all(b"exact\n", 5), vec![Line::Text("exact".into())]);
    }

    #[tokio::test]
    async fn the_async_reader_reads_the_same_lines() {
        let input: &[u8] = b"ab\r\n\xff\nabcdefghij\nend";
        let mut reader = tokio::io::BufReader::with_capacity(3, input);
        let mut lines = Vec::new();
        while let Some(line) = read_line_async(&mut reader, 5).await.unwrap() {
            lines.push(line);
        }
        assert_eq!(
            lines,
            vec![
                Line::Text("ab".into()),
                Line::NotUtf8(1),
                Line::TooLong(10),
                Line::Text("end".into()),
            ]
        );
    }
}
