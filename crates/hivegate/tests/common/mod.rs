//! Helpers shared by the binary's integration tests: a throwaway home,
//! the binary with a clean environment, `serve` on a free port, and raw
//! HTTP over loopback.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

pub struct Home(pub PathBuf);

impl Home {
    pub fn new(tag: &str) -> Home {
        let mut b = [0u8; 6];
        getrandom::fill(&mut b).unwrap();
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        Home(std::env::temp_dir().join(format!("hivegate-serve-{tag}-{hex}")))
    }
    pub fn s(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hivegate"));
    for v in [
        "HIVEGATE_HOME",
        "HIVEGATE_ADMIN_TOKEN",
        "HIVEGATE_MASTER_KEY",
        "HIVEGATE_DATABASE_URL",
    ] {
        c.env_remove(v);
    }
    c
}

pub fn run(home: &Home, args: &[&str]) -> Output {
    bin()
        .args(args)
        .args(["--home", home.s()])
        .output()
        .unwrap()
}

/// Starts `serve` on a free loopback port; returns the child and its address.
pub fn serve(home: &Home) -> (Child, SocketAddr) {
    serve_with(home, &[])
}

pub fn serve_with(home: &Home, env: &[(&str, &str)]) -> (Child, SocketAddr) {
    serve_args(home, env, &[])
}

/// `serve` with extra arguments.
pub fn serve_args(home: &Home, env: &[(&str, &str)], args: &[&str]) -> (Child, SocketAddr) {
    let mut child = bin()
        .args(["serve", "--addr", "127.0.0.1:0", "--home", home.s()])
        .args(args)
        .envs(env.iter().copied())
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Warnings may come before the address line; everything after it is
    // drained so the server never writes into a closed pipe.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("http://") {
        line.clear();
        if stderr.read_line(&mut line).unwrap() == 0 {
            break;
        }
    }
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in: {line}"))
        .parse()
        .unwrap();
    (child, addr)
}

pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    http_bytes(addr, method, path, token, body.as_bytes())
}

pub fn http_bytes(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &[u8],
) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    if !body.is_empty() {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let (h, b) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let status = h
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, serde_json::from_str(b).unwrap_or(Value::Null))
}

/// SIGTERMs a child (and reaps it) when dropped, so a failing test does
/// not leave a server and its upstreams running.
pub struct Terminate(pub Child);

impl Drop for Terminate {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.0.id().to_string()).status();
        let _ = self.0.wait();
    }
}
