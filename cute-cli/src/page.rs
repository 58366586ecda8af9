//! The HTML page of `cute html` and `cute serve`: one self-contained document (no network, no
//! external script or style) with the result, the picture, the cell under the pointer, the
//! explanation, and for the server a form.

use std::fmt::Write;

use cute_core::picture::{Kind, Picture};

/// What a page shows.
pub struct Page<'a> {
    /// The expression, as typed.
    pub expr: &'a str,
    /// The result in CuTe notation, or the error.
    pub result: Result<String, String>,
    /// The picture, or why there is none.
    pub picture: Option<Result<Picture, String>>,
    /// The explanation's text, when the expression's call can be explained.
    pub explanation: Option<String>,
    /// Whether to show the form (the server's page).
    pub form: bool,
}

/// Text as HTML character data or a quoted attribute value.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not HTML text; they show as the replacement character.
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            _ => out.push(ch),
        }
    }
    out
}

/// Text as a JSON string literal (inside a `<script>`, so `<` is escaped too).
pub(crate) fn json(text: &str) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn opt(v: Option<i64>) -> String {
    v.map_or_else(|| "null".to_string(), |v| v.to_string())
}

/// The cells' data for the script: per cell `[coord, index, offset, thread, value, bank,
/// unswizzled, region, others]` (region: `A`, `B`, `C`, `source`, `destination` or empty;
/// others: the other threads holding the cell, each once), row by row as the picture's `data-k`
/// numbers them.
fn cell_data(p: &Picture) -> String {
    let mut s = String::from("[");
    for (k, c) in p.cells().iter().enumerate() {
        if k > 0 {
            s.push(',');
        }
        // A thread holding several values of the cell is listed once.
        let mut others: Vec<i64> = c.others.iter().map(|&(t, _)| t).filter(|&t| Some(t) != c.thread).collect();
        others.sort_unstable();
        others.dedup();
        let others: Vec<String> = others.iter().map(i64::to_string).collect();
        let _ = write!(
            s,
            "[{},{},{},{},{},{},{},{},[{}]]",
            json(&c.coord.to_string()),
            c.index,
            opt(c.offset),
            opt(c.thread),
            opt(c.value),
            opt(c.bank),
            opt(c.unswizzled),
            json(c.region.name()),
            others.join(",")
        );
    }
    s.push(']');
    s
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#111}\
pre{background:#f6f6f6;padding:.6em;overflow:auto}\
#info{font-family:monospace;min-height:1.4em;margin:.5em 0}\
#error{color:#a00000;font-family:monospace;white-space:pre-wrap}\
#notice{color:#805000}\
.cell.picked{stroke:#0040ff;stroke-width:3}\
.cell:hover{stroke:#0040ff;stroke-width:2}\
#picture-box{overflow:auto;max-width:100%;max-height:80vh;border:1px solid #ddd}\
input#expr{font-family:monospace;width:60%;font-size:1em}";

/// The script: hovering a cell shows its data in `#info`; clicking a cell of a thread-value
/// picture marks every cell its first thread holds `picked` (an MMA's A element is held by
/// every atom along N: the cells listing the thread among their others are its too).
const SCRIPT: &str = r#"
(function () {
  var data = JSON.parse(document.getElementById('cells').textContent);
  var box = document.getElementById('picture-box');
  var kind = box.dataset.kind, second = box.dataset.second;
  var info = document.getElementById('info');
  function describe(k) {
    var c = data[k], s = (c[7] ? c[7] + ' ' : '') + 'coord ' + c[0] + '  index ' + c[1];
    if (c[2] !== null) s += '  offset ' + c[2];
    if (c[6] !== null) s += '  ' + second + ' ' + c[6];
    if (c[3] !== null) s += '  thread ' + c[3];
    if (c[4] !== null) s += '  value ' + c[4];
    if (c[8].length > 0) s += '  (and thread' + (c[8].length > 1 ? 's ' : ' ') + c[8].join(', ') + ')';
    if (c[5] !== null) s += '  bank ' + c[5];
    return s;
  }
  var svg = document.getElementById('picture');
  svg.addEventListener('mouseover', function (e) {
    var k = e.target.getAttribute && e.target.getAttribute('data-k');
    if (k !== null && k !== undefined) info.textContent = describe(+k);
  });
  svg.addEventListener('click', function (e) {
    var k = e.target.getAttribute && e.target.getAttribute('data-k');
    if (k === null || k === undefined || kind !== 'tv') return;
    var t = data[+k][3], n = 0;
    var cells = svg.querySelectorAll('rect.cell');
    for (var i = 0; i < cells.length; i++) {
      var d = data[+cells[i].getAttribute('data-k')];
      var mine = t !== null && (d[3] === t || d[8].indexOf(t) >= 0);
      cells[i].classList.toggle('picked', mine);
      if (mine) n++;
    }
    info.textContent = t === null ? 'no thread reaches ' + data[+k][0] : 'thread ' + t + ': ' + n + ' cells';
  });
})();
"#;

/// The percent-encoding of `text` for a URL query value.
pub fn url_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "%{:02X}", b);
            }
        }
    }
    out
}

impl Page<'_> {
    /// The whole document.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let title = if self.expr.is_empty() { "cute".to_string() } else { format!("cute: {}", self.expr) };
        let _ = write!(
            s,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n",
            html(&title),
            STYLE
        );
        if self.form {
            let _ = write!(
                s,
                "<form id=\"form\" method=\"get\" action=\"/\"><label for=\"expr\">Expression </label>\
                 <input id=\"expr\" name=\"e\" value=\"{}\" autofocus spellcheck=\"false\"> \
                 <button id=\"go\" type=\"submit\">Evaluate</button></form>\n\
                 <p>A call such as <code>composition((4,6):(1,4), 6:2)</code>, \
                 <code>make_layout_tv((4,2):(2,1), (1,2):(1,1))</code> or \
                 <code>Sw&lt;3,4,3&gt; o 0 o (8,64):(64,1)</code> wrapped in a call; the address of this page \
                 holds the expression, so it can be shared.</p>\n",
                html(self.expr)
            );
        }
        if self.expr.is_empty() {
            // A request that holds no expression to evaluate: the form, and why.
            if let Err(e) = &self.result {
                let _ = writeln!(s, "<p id=\"error\">{}</p>", html(e));
            }
            s.push_str("</body>\n</html>\n");
            return s;
        }
        let _ = writeln!(s, "<h1 style=\"font-size:1.2em\"><code>{}</code></h1>", html(self.expr));
        if self.form {
            let _ = writeln!(
                s,
                "<p><a id=\"link\" href=\"/?e={}\">link to this expression</a></p>",
                html(&url_encode(self.expr))
            );
        }
        match &self.result {
            Ok(result) => {
                let _ = writeln!(s, "<p>= <code id=\"result\">{}</code></p>", html(result));
            }
            Err(e) => {
                let _ = writeln!(s, "<p id=\"error\">{}</p>", html(e));
            }
        }
        match &self.picture {
            Some(Ok(p)) => {
                let kind = match p.kind() {
                    k if k.is_thread_value() => "tv",
                    Kind::Banks => "banks",
                    Kind::Partition => "partition",
                    _ => "layout",
                };
                let hint = if kind == "tv" { " Click a cell to see all of its thread's cells." } else { "" };
                let _ = write!(
                    s,
                    "<p>Hover over a cell to see its coordinate, index and offset.{}</p>\n<div id=\"info\"></div>\n<div id=\"picture-box\" data-kind=\"{}\" data-second=\"{}\">\n{}</div>\n",
                    hint,
                    kind,
                    p.second_number().unwrap_or(""),
                    p.svg()
                );
                let _ = write!(
                    s,
                    "<script id=\"cells\" type=\"application/json\">{}</script>\n<script>{}</script>\n",
                    cell_data(p),
                    SCRIPT
                );
            }
            Some(Err(why)) => {
                let _ = writeln!(s, "<p id=\"notice\">No picture: {}</p>", html(why));
            }
            None => {}
        }
        if let Some(text) = &self.explanation {
            let _ = writeln!(
                s,
                "<h2 style=\"font-size:1.1em\">How it is computed</h2>\n<pre id=\"explanation\">{}</pre>",
                html(text)
            );
        }
        s.push_str("</body>\n</html>\n");
        s
    }
}
