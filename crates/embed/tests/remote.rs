//! The remote providers against local fakes that speak the real wire
//! formats (ollama's `POST /api/embed`, OpenAI's `POST /v1/embeddings`)
//! over real loopback HTTP.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use hivegate_embed::Embedder;
use hivegate_embed::ProviderKind;
use hivegate_embed::provider::{RemoteConfig, RemoteEmbedder};
use serde_json::{Value, json};

type Seen = Arc<Mutex<Vec<(String, String, Value)>>>;

/// Serves `answers` in order (status, body); records each request's path,
/// headers and body.
fn fake(answers: Vec<(u16, String)>) -> (String, Seen) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    std::thread::spawn(move || {
        for (status, body) in answers {
            let (mut s, _) = l.accept().unwrap();
            let mut r = BufReader::new(s.try_clone().unwrap());
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            let path = line.split(' ').nth(1).unwrap_or("").to_owned();
            let (mut headers, mut len) = (String::new(), 0usize);
            loop {
                let mut h = String::new();
                r.read_line(&mut h).unwrap();
                if h == "\r\n" || h.is_empty() {
                    break;
                }
                let lower = h.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap();
                }
                headers.push_str(&lower);
            }
            let mut buf = vec![0; len];
            r.read_exact(&mut buf).unwrap();
            let body_json = serde_json::from_slice(&buf).unwrap_or(Value::Null);
            log.lock().unwrap().push((path, headers, body_json));
            let resp = format!(
                "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            s.write_all(resp.as_bytes()).unwrap();
        }
    });
    (url, seen)
}

fn cfg(url: &str, key: Option<&str>) -> RemoteConfig {
    RemoteConfig {
        base_url: url.into(),
        model: "m1".into(),
        api_key: key.map(str::to_owned),
    }
}

#[test]
fn ollama_wire_format() {
    let (url, seen) = fake(vec![(
        200,
        json!({"embeddings": [[3.0, 4.0], [0.0, 2.0]]}).to_string(),
    )]);
    let e = RemoteEmbedder::new(ProviderKind::Ollama, cfg(&url, None)).unwrap();
    let v = e.embed(&["a", "b"]).unwrap();
    assert_eq!(v, vec![vec![0.6, 0.8], vec![0.0, 1.0]]);
    assert_eq!(e.status().dimensions, 2);
    let (path, _, body) = &seen.lock().unwrap()[0];
    assert_eq!(path, "/api/embed");
    assert_eq!(body, &json!({"model": "m1", "input": ["a", "b"]}));
}

#[test]
fn openai_wire_format_orders_by_index_and_sends_the_key() {
    let (url, seen) = fake(vec![(
        200,
        json!({"object": "list", "data": [
            {"object": "embedding", "index": 1, "embedding": [0.0, 1.0]},
            {"object": "embedding", "index": 0, "embedding": [1.0, 0.0]}]})
        .to_string(),
    )]);
    let e = RemoteEmbedder::new(
        ProviderKind::Openai,
        cfg(&format!("{url}/v1"), Some("sk-test-secret")),
    )
    .unwrap();
    let v = e.embed(&["first", "second"]).unwrap();
    assert_eq!(v, vec![vec![1.0, 0.0], vec![0.0, 1.0]]);
    let (path, headers, _) = &seen.lock().unwrap()[0];
    assert_eq!(path, "/v1/embeddings");
    assert!(
        headers.contains("authorization: bearer sk-test-secret"),
        "{headers}"
    );
    // The key is never in the status.
    assert!(
        !serde_json::to_string(&e.status())
            .unwrap()
            .contains("sk-test")
    );
}

#[test]
fn bad_answers_are_clear_errors() {
    let answers = vec![
        (500, "{\"error\":\"model not loaded\"}".to_owned()),
        (200, "not json".to_owned()),
        (200, json!({"embeddings": [[1.0]]}).to_string()),
        (200, json!({"embeddings": [[1.0, 2.0], [1.0]]}).to_string()),
        (
            200,
            json!({"embeddings": [[1.0, 2.0], [3.0, 4.0]]}).to_string(),
        ),
        (
            200,
            json!({"embeddings": [[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]}).to_string(),
        ),
    ];
    let (url, _) = fake(answers);
    let e = RemoteEmbedder::new(ProviderKind::Ollama, cfg(&url, None)).unwrap();
    let two = ["a", "b"];
    let err = |r: Result<Vec<Vec<f32>>, hivegate_embed::EmbedError>| r.unwrap_err().to_string();
    assert!(err(e.embed(&two)).contains("HTTP 500: {\"error\":\"model not loaded\"}"));
    assert!(err(e.embed(&two)).contains("unexpected answer"));
    assert!(err(e.embed(&two)).contains("1 vectors for 2 texts"));
    assert!(err(e.embed(&two)).contains("differing"));
    assert_eq!(e.embed(&two).unwrap().len(), 2);
    assert!(err(e.embed(&two)).contains("dimension changed from 2 to 3"));
}

#[test]
fn an_unreachable_server_is_an_error_not_a_hang() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    drop(l);
    let e = RemoteEmbedder::new(ProviderKind::Ollama, cfg(&url, None)).unwrap();
    assert!(
        e.embed(&["x"])
            .unwrap_err()
            .to_string()
            .contains("request failed")
    );
    assert_eq!(e.embed(&[]).unwrap().len(), 0);
}
