//! A small W3C WebDriver client for the browser tests: chromedriver, started here on a free
//! localhost port, drives a headless Chromium. Plain HTTP/1.1 over a `TcpStream`, one request per
//! connection, JSON bodies through serde_json.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The key of a web element reference in WebDriver JSON.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long a condition is polled before the test gives up.
pub const DEADLINE: Duration = Duration::from_secs(10);

/// Poll `check` until it returns `Some`, at most `deadline`: None when it never does.
pub fn try_poll<T>(deadline: Duration, mut check: impl FnMut() -> Option<T>) -> Option<T> {
    let end = Instant::now() + deadline;
    loop {
        if let Some(value) = check() {
            return Some(value);
        }
        if Instant::now() >= end {
            return None;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Poll `check` until it returns `Some`, at most `deadline`; panic naming `what` when it never does.
pub fn poll<T>(what: &str, deadline: Duration, check: impl FnMut() -> Option<T>) -> T {
    try_poll(deadline, check).unwrap_or_else(|| panic!("timed out after {:?} waiting for {}", deadline, what))
}

/// A directory under the system's temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(label: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("cute-{}-{}-{}", label, std::process::id(), n));
        std::fs::create_dir_all(&path).expect("the temporary directory can be made");
        TempDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What is missing for the browser tests, if anything.
pub fn missing_browser() -> Option<String> {
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER].into_iter().filter(|p| !Path::new(p).exists()).collect();
    if missing.is_empty() {
        None
    } else {
        Some(format!("{} not found (apt-get install chromium chromium-driver)", missing.join(" and ")))
    }
}

/// A child process killed (and reaped) on drop.
pub struct KillOnDrop(pub Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A WebDriver error answer: the `error` code and its message.
#[derive(Debug)]
pub struct WdError {
    pub error: String,
    pub message: String,
}

impl std::fmt::Display for WdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.error, self.message)
    }
}

/// A web element reference.
#[derive(Clone, Debug)]
pub struct Element(String);

impl Element {
    fn json(&self) -> Value {
        json!({ ELEMENT_KEY: self.0 })
    }
}

/// A browser session. Dropping it deletes the session (closing Chromium), then kills chromedriver,
/// then removes the profile directory.
pub struct Browser {
    session: String,
    port: u16,
    // Dropped in this order, after `drop` deleted the session.
    _driver: KillOnDrop,
    _profile: TempDir,
}

impl Browser {
    /// Start chromedriver and a headless Chromium session.
    pub fn start() -> Browser {
        // The free port may be taken again before chromedriver binds it: then try another.
        let (port, driver) = (0..3)
            .find_map(|_| {
                let port = free_port();
                let driver = Command::new(CHROMEDRIVER)
                    .arg(format!("--port={}", port))
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .expect("chromedriver starts");
                let mut driver = KillOnDrop(driver);
                let ready = try_poll(Duration::from_secs(20), || {
                    if let Ok(Some(status)) = driver.0.try_wait() {
                        return Some(Err(status));
                    }
                    let (_, body) = http(port, "GET", "/status", None).ok()?;
                    (body["value"]["ready"] == json!(true)).then_some(Ok(()))
                });
                match ready {
                    Some(Ok(())) => Some((port, driver)),
                    Some(Err(status)) => {
                        eprintln!("chromedriver on port {} exited ({}), trying another port", port, status);
                        None
                    }
                    None => panic!("chromedriver on port {} was not ready within 20 s", port),
                }
            })
            .expect("chromedriver starts on one of three free ports");
        let profile = TempDir::new("chromium-profile");
        let args = [
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            // Without these Chromium waits on the network, which the test machines do not have.
            "--disable-quic".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--window-size=1200,900".to_string(),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
            "goog:loggingPrefs": { "browser": "ALL" },
            "timeouts": { "pageLoad": 30_000, "script": 10_000, "implicit": 0 },
        }}});
        let value = command(port, "POST", "/session", Some(&capabilities))
            .unwrap_or_else(|e| panic!("a Chromium session starts: {}", e));
        let session = value["sessionId"].as_str().expect("the new session has an id").to_string();
        Browser { session, port, _driver: driver, _profile: profile }
    }

    /// Run one command of this session; `path` is relative to `/session/{id}`.
    pub fn try_command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, WdError> {
        command(self.port, method, &format!("/session/{}{}", self.session, path), body.as_ref())
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_command(method, path, body).unwrap_or_else(|e| panic!("WebDriver {} {}: {}", method, path, e))
    }

    pub fn goto(&self, url: &str) {
        self.command("POST", "/url", Some(json!({ "url": url })));
    }

    pub fn current_url(&self) -> String {
        self.command("GET", "/url", None).as_str().expect("the URL is a string").to_string()
    }

    /// The first element matching the CSS selector, or None.
    pub fn find(&self, css: &str) -> Option<Element> {
        match self.try_command("POST", "/element", Some(json!({ "using": "css selector", "value": css }))) {
            Ok(v) => Some(element(&v)),
            Err(e) if e.error == "no such element" => None,
            Err(e) => panic!("finding {:?}: {}", css, e),
        }
    }

    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let v = self.command("POST", "/elements", Some(json!({ "using": "css selector", "value": css })));
        v.as_array().expect("a list of elements").iter().map(element).collect()
    }

    /// The first element matching the CSS selector, polled for until [`DEADLINE`].
    pub fn wait_for(&self, css: &str) -> Element {
        poll(&format!("an element {:?} on {}", css, self.current_url()), DEADLINE, || self.find(css))
    }

    /// The rendered text of an element.
    pub fn text(&self, el: &Element) -> String {
        let v = self.command("GET", &format!("/element/{}/text", el.0), None);
        v.as_str().expect("text is a string").to_string()
    }

    pub fn attribute(&self, el: &Element, name: &str) -> Option<String> {
        let v = self.command("GET", &format!("/element/{}/attribute/{}", el.0, name), None);
        v.as_str().map(str::to_string)
    }

    pub fn property(&self, el: &Element, name: &str) -> Value {
        self.command("GET", &format!("/element/{}/property/{}", el.0, name), None)
    }

    pub fn click(&self, el: &Element) {
        self.command("POST", &format!("/element/{}/click", el.0), Some(json!({})));
    }

    pub fn clear(&self, el: &Element) {
        self.command("POST", &format!("/element/{}/clear", el.0), Some(json!({})));
    }

    /// Type `text` into an element; [`ENTER`] presses Enter.
    pub fn send_keys(&self, el: &Element, text: &str) {
        self.command("POST", &format!("/element/{}/value", el.0), Some(json!({ "text": text })));
    }

    /// Move the mouse to the center of an element (the Actions API).
    pub fn hover(&self, el: &Element) {
        let move_to = json!({ "type": "pointerMove", "duration": 0, "origin": el.json(), "x": 0, "y": 0 });
        let mouse = json!({ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" },
                            "actions": [move_to] });
        self.command("POST", "/actions", Some(json!({ "actions": [mouse] })));
    }

    /// Run `script` (a function body; `arguments[i]` are `args`) in the page and return its value.
    pub fn execute(&self, script: &str, args: &[Value]) -> Value {
        self.command("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// Pass an element to [`Browser::execute`].
    pub fn arg(el: &Element) -> Value {
        el.json()
    }

    /// The browser console's messages at level SEVERE since the last call, each as
    /// `source: message` (source `javascript` for script errors, `network` for failed loads).
    pub fn severe_logs(&self) -> Vec<String> {
        let v = self.command("POST", "/se/log", Some(json!({ "type": "browser" })));
        let entries = v.as_array().expect("log entries").iter().filter(|e| e["level"] == "SEVERE");
        entries
            .map(|e| format!("{}: {}", e["source"].as_str().unwrap_or("?"), e["message"].as_str().unwrap_or("")))
            .collect()
    }

    /// Save a screenshot of the page as `dir/name.png`; returns its path.
    pub fn screenshot(&self, dir: &Path, name: &str) -> PathBuf {
        let v = self.command("GET", "/screenshot", None);
        let png = base64_decode(v.as_str().expect("the screenshot is base64 text"));
        let path = dir.join(format!("{}.png", name));
        std::fs::write(&path, png).expect("the screenshot is written");
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.try_command("DELETE", "", None);
    }
}

fn element(v: &Value) -> Element {
    Element(v[ELEMENT_KEY].as_str().unwrap_or_else(|| panic!("not an element reference: {}", v)).to_string())
}

/// Enter, as WebDriver's key code in typed text.
pub const ENTER: &str = "\u{E007}";

/// A port that was free a moment ago on 127.0.0.1.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free localhost port");
    listener.local_addr().expect("the port").port()
}

/// One WebDriver command: its `value`, or the error it answered.
fn command(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, WdError> {
    let (status, answer) = http(port, method, path, body)
        .unwrap_or_else(|e| panic!("WebDriver {} {}: HTTP request failed: {}", method, path, e));
    let value = answer["value"].clone();
    if status == 200 {
        Ok(value)
    } else {
        let text = |key: &str| value[key].as_str().unwrap_or("").to_string();
        Err(WdError { error: text("error"), message: format!("HTTP {}: {}", status, text("message")) })
    }
}

/// `stream.read`, again where a signal interrupted it (`Interrupted` is not an error of the
/// connection: a page load that takes seconds sees the test's child processes' signals).
fn read_some(stream: &mut TcpStream, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

/// One HTTP/1.1 request with a JSON body on a new connection: the status and the JSON answer.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{} {} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{}",
        method,
        path,
        port,
        body.len(),
        body
    );
    stream.write_all(request.as_bytes())?;
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    // Read the head, then the body by its Content-Length (or to the end of the connection).
    let (head_end, length) = loop {
        let n = read_some(&mut stream, &mut buf)?;
        raw.extend_from_slice(&buf[..n]);
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .map(|v| v.trim().parse::<usize>().expect("a numeric Content-Length"));
            break (end + 4, length);
        }
        if n == 0 {
            return Err(std::io::Error::other("the connection closed inside the response head"));
        }
    };
    loop {
        if length.is_some_and(|len| raw.len() >= head_end + len) {
            break;
        }
        let n = read_some(&mut stream, &mut buf)?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let head = String::from_utf8_lossy(&raw[..head_end]).to_string();
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut body = raw[head_end..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    let value = serde_json::from_slice(&body).map_err(std::io::Error::other)?;
    Ok((status, value))
}

/// The body of a chunked HTTP response.
fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&data[..line_end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap_or("").trim(), 16).ok());
        let Some(size) = size.filter(|&s| s > 0) else { break };
        let start = line_end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
    out
}

fn base64_decode(text: &str) -> Vec<u8> {
    let sextet = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {:?}", c as char),
    };
    let digits: Vec<u8> = text.bytes().filter(|c| !b"=\r\n".contains(c)).map(sextet).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for group in digits.chunks(4) {
        let bits = group.iter().enumerate().fold(0u32, |acc, (i, &d)| acc | (u32::from(d) << (18 - 6 * i)));
        out.extend_from_slice(&bits.to_be_bytes()[1..group.len()]);
    }
    out
}
