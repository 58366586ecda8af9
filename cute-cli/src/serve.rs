//! `cute serve`: a local page where one types an expression and sees its result, picture and
//! explanation. `GET /?e=EXPR` answers the page of EXPR, so its address can be shared.
//!
//! The work of a request is bounded: the request is read up to 32 KiB (a request line of at
//! most 12 KiB, refused whole if longer) within 5 seconds in all and answered within 20; the
//! expression is at most 4 KiB, the engine holds at most `MAX_LEAVES` leaves, a picture at most
//! `MAX_CELLS` cells and `MAX_COORD_LEAVES` coordinate leaves (more is a message, not a
//! picture), and an explanation's operands at most `MAX_EXPLAINED_LEAVES` leaves. At most 8
//! requests are served at once; more wait for the listener.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::draw::DrawOptions;
use crate::page::Page;

/// The longest expression evaluated.
const MAX_EXPR: usize = 4 * 1024;
/// The longest request line read: the longest expression with every byte %-escaped, and room
/// for the method, the path and the protocol.
// In range: a small constant.
#[allow(clippy::arithmetic_side_effects)]
const MAX_REQUEST_LINE: usize = 3 * MAX_EXPR + 64;
/// The most bytes of a request read, its headers included.
const MAX_REQUEST: u64 = 32 * 1024;
/// The most requests served at once.
const MAX_ACTIVE: usize = 8;

/// Serve on 127.0.0.1:`port` (0: a free port) until the process ends; the first line of
/// standard output names the address.
pub fn serve(port: u16) -> io::Result<()> {
    let listener = TcpListener::bind(("127.0.0.1", port))?;
    let addr = listener.local_addr()?;
    {
        let mut out = io::stdout().lock();
        writeln!(out, "listening on http://{}/", addr)?;
        out.flush()?;
    }
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        // Wait for a slot: one request cannot be starved, and eight at most run at once.
        while active.load(Ordering::Acquire) >= MAX_ACTIVE {
            std::thread::sleep(Duration::from_millis(5));
        }
        active.fetch_add(1, Ordering::AcqRel);
        let active = Arc::clone(&active);
        std::thread::spawn(move || {
            let _ = handle(stream);
            active.fetch_sub(1, Ordering::AcqRel);
        });
    }
    Ok(())
}

/// A connection read and written until deadlines: each read or write waits at most for the
/// time left, so a client sending or reading a byte at a time cannot hold a worker past them.
struct UntilDeadline {
    stream: TcpStream,
    deadline: Instant,
}

impl UntilDeadline {
    fn left(&self) -> io::Result<Duration> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "the request took too long"));
        }
        Ok(left)
    }
}

impl Read for UntilDeadline {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stream.set_read_timeout(Some(self.left()?))?;
        self.stream.read(buf)
    }
}

impl Write for UntilDeadline {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.set_write_timeout(Some(self.left()?))?;
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

/// `seconds` from now.
fn after(seconds: u64) -> Instant {
    // In range: a few seconds from now is far inside Instant's range.
    #[allow(clippy::arithmetic_side_effects)]
    let then = Instant::now() + Duration::from_secs(seconds);
    then
}

/// Answer one request: read it within 5 seconds, answer within 20.
fn handle(stream: TcpStream) -> io::Result<()> {
    let reading = UntilDeadline { stream: stream.try_clone()?, deadline: after(5) };
    let mut reader = BufReader::new(reading.take(MAX_REQUEST));
    let mut line = Vec::new();
    reader.read_until(b'\n', &mut line)?;
    // A request line cut by the limit is refused whole, never evaluated in part.
    let complete = line.ends_with(b"\n") && line.len() <= MAX_REQUEST_LINE;
    if complete {
        // The headers are not needed; they are read so that the client sees a clean close.
        let mut header = Vec::new();
        while reader.read_until(b'\n', &mut header).map(|n| n > 2).unwrap_or(false) {
            header.clear();
        }
    }
    let (status, body) = match std::str::from_utf8(&line) {
        _ if !complete => {
            ("414 URI Too Long", format!("the request line is longer than the {} bytes served\n", MAX_REQUEST_LINE))
        }
        Err(_) => ("400 Bad Request", "the request line is not UTF-8 text\n".to_string()),
        Ok(line) => answer(line),
    };
    let kind = if status.starts_with("200") { "text/html; charset=utf-8" } else { "text/plain; charset=utf-8" };
    let mut out = UntilDeadline { stream, deadline: after(20) };
    write!(
        out,
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        status,
        kind,
        body.len()
    )?;
    out.write_all(body.as_bytes())?;
    out.flush()?;
    // What the client sent past the limit is read and dropped before closing: closing with
    // unread input would reset the connection and could lose the answer.
    out.stream.shutdown(std::net::Shutdown::Write)?;
    let mut rest = UntilDeadline { stream: out.stream, deadline: after(1) }.take(MAX_REQUEST);
    let _ = io::copy(&mut rest, &mut io::sink());
    Ok(())
}

/// The status and body of a request line `GET /?e=EXPR HTTP/1.1`.
fn answer(line: &str) -> (&'static str, String) {
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    if method != "GET" {
        return ("405 Method Not Allowed", "only GET is served\n".to_string());
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if path != "/" {
        return ("404 Not Found", format!("no page at {}\n", path));
    }
    let expr =
        query.split('&').find_map(|kv| kv.strip_prefix("e=")).map(url_decode).unwrap_or_else(|| Ok(String::new()));
    ("200 OK", page_for(expr))
}

/// The page of an expression (or of a query that is not one).
fn page_for(expr: Result<String, String>) -> String {
    let refused = |why: String| Page { expr: "", result: Err(why), picture: None, explanation: None, form: true };
    match expr {
        Ok(expr) if expr.len() > MAX_EXPR => {
            refused(format!("the expression is {} bytes, more than the {} served", expr.len(), MAX_EXPR)).render()
        }
        // Only the form, for an empty query.
        Ok(expr) if expr.trim().is_empty() => {
            Page { expr: "", result: Ok(String::new()), picture: None, explanation: None, form: true }.render()
        }
        // The expression as typed, so that an error's byte offset points into it.
        Ok(expr) => crate::page_of(&expr, &DrawOptions::default(), true).render(),
        Err(why) => refused(why).render(),
    }
}

/// Decode a query value: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
fn url_decode(text: &str) -> Result<String, String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut input = text.bytes();
    while let Some(b) = input.next() {
        match b {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hex: Vec<u8> = input.by_ref().take(2).collect();
                // Exactly two hex digits (from_str_radix alone would take a sign).
                let value = match hex[..] {
                    [a, b] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() => {
                        std::str::from_utf8(&hex).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
                    }
                    _ => None,
                };
                match value {
                    Some(v) => bytes.push(v),
                    None => return Err("the address holds a bad %-escape".to_string()),
                }
            }
            _ => bytes.push(b),
        }
    }
    String::from_utf8(bytes)
        .map_err(|e| format!("the expression is not UTF-8 text (at byte {})", e.utf8_error().valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::url_decode;
    use crate::page::url_encode;

    #[test]
    fn url_round_trip() {
        for text in ["composition((4,6):(1,4), 6:2)", "Sw<3,4,3> o 0 o (8,64):(64,1)", "é+&%"] {
            assert_eq!(url_decode(&url_encode(text)).unwrap(), text);
        }
        assert_eq!(url_decode("a+b%2C").unwrap(), "a b,");
        assert_eq!(url_decode("%G1").unwrap_err(), "the address holds a bad %-escape");
        assert_eq!(url_decode("%FF").unwrap_err(), "the expression is not UTF-8 text (at byte 0)");
    }
}
