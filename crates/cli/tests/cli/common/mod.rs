//! Running the real `trigonal` binary from the integration tests.

#![allow(dead_code)] // each test file uses some of these

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

/// Runs `trigonal ARGS` with `stdin` as its standard input and waits for it.
pub fn trigonal(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trigonal"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A running `trigonal serve`.
pub struct Serve {
    pub child: Child,
    pub addr: String,
}

impl Serve {
    /// Starts the server on a free port with database `db` and waits until it listens.
    pub fn start(db: &str) -> Serve {
        Serve::start_with(db, &[])
    }

    /// Like [`Serve::start`], with more options (`--no-computer`, …).
    pub fn start_with(db: &str, options: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trigonal"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--games-per-minute",
                "0",
                "--db",
                db,
            ])
            .args(options)
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("trigonal starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let addr = loop {
            let line = lines
                .next()
                .expect("the server says where it listens")
                .unwrap();
            if let Some(rest) = line.split("http://").nth(1) {
                break rest.split('/').next().unwrap().to_string();
            }
        };
        // Keep draining the log so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Serve { child, addr }
    }

    /// SIGKILL: no chance to flush or clean up.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        request(&self.addr, "GET", path, None).expect("the server answers")
    }

    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        request(&self.addr, "POST", path, Some(body)).expect("the server answers")
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request with `Connection: close`; the status and the JSON body.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> std::io::Result<(u16, Value)> {
    request_with(addr, method, path, &[], body).map(|a| (a.status, a.json()))
}

/// An answer: its status, headers (names in lower case) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// The value of header `name` (lower case), if the answer has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (null when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// Like [`request`], with more request headers; the whole answer.
pub fn request_with(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> std::io::Result<Answer> {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut all = vec![("Content-Type", "application/json")];
    all.extend_from_slice(headers);
    send(addr, method, path, &all, &body)
}

/// One HTTP/1.1 request with `headers` and `body` as they are, `Connection: close`.
pub fn send(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(20)))?;
    let extra: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    read_answer(stream)
}

/// Reads an answer to its end (the server closes the connection after it).
pub fn read_answer(mut stream: TcpStream) -> std::io::Result<Answer> {
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let response = String::from_utf8_lossy(&raw);
    let (head, mut content) = response
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other(format!("no complete response: {response:?}")))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line in {head:?}")))?;
    let headers: Vec<(String, String)> = head
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(name, value)| name == "transfer-encoding" && value.contains("chunked"));
    let mut body = String::new();
    if chunked {
        while let Some((size, rest)) = content.split_once("\r\n") {
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            body.push_str(&rest[..size]);
            content = &rest[size + 2..];
        }
    } else {
        body = content.to_string();
    }
    Ok(Answer {
        status,
        headers,
        body,
    })
}

/// The URL of a fresh database on the test PostgreSQL (`TRIGONAL_TEST_PG`).
pub fn fresh_pg() -> String {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(trigonal_store::testing::fresh_pg())
}

/// A game's WebSocket and the view it has brought so far: its messages (a whole view, then
/// changes and legal moves) followed as a client does ([`trigonal_server::follow`]).
pub struct Watch {
    pub socket: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
    pub view: Value,
}

impl Watch {
    /// Watches game `id` on the server at `addr`; reads time out after 20 s.
    pub fn open(addr: &str, id: &str) -> Watch {
        let (mut socket, _) =
            tungstenite::connect(format!("ws://{addr}/api/games/{id}/ws")).unwrap();
        if let tungstenite::stream::MaybeTlsStream::Plain(s) = socket.get_mut() {
            s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        }
        Watch {
            socket,
            view: Value::Null,
        }
    }

    /// The view after the next message that changes it (pings skipped); a message that is an
    /// error (`{"error": …}`) is returned as it is.
    pub fn next_view(&mut self) -> Value {
        loop {
            match self.socket.read().expect("a message within 20 s") {
                tungstenite::Message::Text(text) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    if message.get("error").is_some() {
                        return message;
                    }
                    match trigonal_server::follow(&mut self.view, &message) {
                        trigonal_server::Followed::Taken => return self.view.clone(),
                        trigonal_server::Followed::Stale => continue,
                        trigonal_server::Followed::Gap => {
                            panic!("a change for a version never had: {message}")
                        }
                    }
                }
                tungstenite::Message::Ping(_) | tungstenite::Message::Pong(_) => continue,
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}
