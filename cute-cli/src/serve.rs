//! `cute serve`: a local page where one types an expression and sees its result, picture and
//! explanation. `GET /?e=EXPR` answers the page of EXPR, so its address can be shared.
//!
//! The work of a request is bounded: the request is read up to 8 KiB within 5 seconds in all,
//! the expression is at most 4 KiB, the engine holds at most `MAX_LEAVES` leaves, and a picture
//! at most `MAX_CELLS` cells (a larger one is a message, not a picture). At most 8 requests are
//! served at once; more wait for the listener.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::draw::DrawOptions;
use crate::page::Page;

/// The longest request line read.
const MAX_REQUEST_LINE: u64 = 8 * 1024;
/// The longest expression evaluated.
const MAX_EXPR: usize = 4 * 1024;
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

/// A connection read until a deadline: each read waits at most for the time left, so a client
/// sending a byte at a time cannot hold a worker past it.
struct UntilDeadline {
    stream: TcpStream,
    deadline: Instant,
}

impl Read for UntilDeadline {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "the request took too long"));
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// Answer one request.
fn handle(stream: TcpStream) -> io::Result<()> {
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    // In range: five seconds from now is far inside Instant's range.
    #[allow(clippy::arithmetic_side_effects)]
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut reader = BufReader::new(UntilDeadline { stream: stream.try_clone()?, deadline }.take(MAX_REQUEST_LINE));
    let mut line = String::new();
    reader.read_line(&mut line)?;
    // The headers are not needed; read what arrived of them so the client sees a clean close.
    let mut header = String::new();
    while reader.read_line(&mut header).map(|n| n > 2).unwrap_or(false) {
        header.clear();
    }
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let (status, body) = if method != "GET" {
        ("405 Method Not Allowed", "only GET is served\n".to_string())
    } else {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        if path != "/" {
            ("404 Not Found", format!("no page at {}\n", path))
        } else {
            let expr = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("e="))
                .map(url_decode)
                .unwrap_or_else(|| Ok(String::new()));
            ("200 OK", page_for(expr))
        }
    };
    let kind = if status.starts_with("200") { "text/html; charset=utf-8" } else { "text/plain; charset=utf-8" };
    let mut out = stream;
    write!(
        out,
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        status,
        kind,
        body.len()
    )?;
    out.write_all(body.as_bytes())?;
    out.flush()
}

/// The page of an expression (or of a query that is not one).
fn page_for(expr: Result<String, String>) -> String {
    let refused = |why: String| Page { expr: "", result: Err(why), picture: None, explanation: None, form: true };
    match expr {
        Ok(expr) if expr.len() > MAX_EXPR => {
            refused(format!("the expression is {} bytes, more than the {} served", expr.len(), MAX_EXPR)).render()
        }
        Ok(expr) => crate::page_of(expr.trim(), &DrawOptions::default(), true).render(),
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
                let value = std::str::from_utf8(&hex).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match value {
                    Some(v) if hex.len() == 2 => bytes.push(v),
                    _ => return Err("the address holds a bad %-escape".to_string()),
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
