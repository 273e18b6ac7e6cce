//! stdin and stdout for `hivegate mcp`, read and written without a thread
//! hop per message when they are pipes or Unix stream sockets.
//!
//! tokio's own `stdin()`/`stdout()` hand every read and write to the
//! blocking pool, which cost more per proxied call than the gate itself.
//! When the MCP client gave us pipes, or the socket pairs that Node's
//! `child_process` makes for a child's stdio (so every host built on Node:
//! the TypeScript SDK's stdio transport, the inspector, desktop apps),
//! they are registered with the reactor instead. Anything else (a
//! terminal, a file, a network socket), and a stdout that shares its pipe
//! or socket with stderr (a non-blocking stderr could drop a log line),
//! keeps tokio's portable path.

use std::fs::File;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::os::unix::net::UnixStream;
use std::pin::Pin;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::unix::pipe;

pub type Reader = Pin<Box<dyn AsyncRead + Send>>;
pub type Writer = Pin<Box<dyn AsyncWrite + Send>>;

/// What a stdio descriptor is, as far as choosing how to drive it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pipe,
    UnixStream,
    /// A terminal, a file, a network or datagram socket, or unknown.
    Other,
}

/// Must run inside the tokio runtime (the pipes and sockets register with
/// its reactor).
pub fn stdio() -> (Reader, Writer) {
    let read: Reader = match own(std::io::stdin().as_fd()).and_then(reader) {
        Some(r) => r,
        None => Box::pin(tokio::io::stdin()),
    };
    let write: Writer = match own(std::io::stdout().as_fd())
        .filter(|out| !shares_stderr(out))
        .and_then(writer)
    {
        Some(w) => w,
        None => Box::pin(tokio::io::stdout()),
    };
    (read, write)
}

fn reader(f: File) -> Option<Reader> {
    match kind(&f) {
        Kind::Pipe => Some(Box::pin(pipe::Receiver::from_file(f).ok()?)),
        Kind::UnixStream => Some(Box::pin(on_reactor(f)?)),
        Kind::Other => None,
    }
}

fn writer(f: File) -> Option<Writer> {
    match kind(&f) {
        Kind::Pipe => Some(Box::pin(pipe::Sender::from_file(f).ok()?)),
        Kind::UnixStream => Some(Box::pin(on_reactor(f)?)),
        Kind::Other => None,
    }
}

fn kind(f: &File) -> Kind {
    let Ok(meta) = f.metadata() else {
        return Kind::Other;
    };
    let t = meta.file_type();
    if t.is_fifo() {
        Kind::Pipe
    } else if t.is_socket() && is_unix_stream(f) {
        Kind::UnixStream
    } else {
        Kind::Other
    }
}

/// A local stream socket: `getsockname` answers with a Unix address (a
/// network socket's would not parse as one) and the type is a stream.
fn is_unix_stream(f: &File) -> bool {
    let is_stream = socket2::SockRef::from(f)
        .r#type()
        .is_ok_and(|t| t == socket2::Type::STREAM);
    is_stream
        && f.try_clone()
            .is_ok_and(|dup| UnixStream::from(OwnedFd::from(dup)).local_addr().is_ok())
}

/// The socket, non-blocking and registered with the reactor. Should the
/// registration fail, the descriptor is made blocking again: the portable
/// path that then reads it expects a blocking one.
fn on_reactor(f: File) -> Option<tokio::net::UnixStream> {
    let restore = f.try_clone().ok()?;
    let s = UnixStream::from(OwnedFd::from(f));
    s.set_nonblocking(true).ok()?;
    match tokio::net::UnixStream::from_std(s) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::debug!(error = %e, "stdio socket not registered; tokio's portable stdio instead");
            let _ = UnixStream::from(OwnedFd::from(restore)).set_nonblocking(false);
            None
        }
    }
}

fn own(fd: std::os::fd::BorrowedFd<'_>) -> Option<File> {
    fd.try_clone_to_owned().ok().map(File::from)
}

fn shares_stderr(out: &File) -> bool {
    let Some(err) = own(std::io::stderr().as_fd()) else {
        return false;
    };
    match (out.metadata(), err.metadata()) {
        (Ok(o), Ok(e)) => o.dev() == e.dev() && o.ino() == e.ino(),
        // Unknown: keep the path that cannot break stderr.
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a panic is a failure report

    use super::*;

    fn file(fd: impl Into<OwnedFd>) -> File {
        File::from(fd.into())
    }

    #[test]
    fn pipes_and_unix_stream_sockets_are_told_from_the_rest() {
        let (r, w) = std::io::pipe().unwrap();
        assert_eq!(kind(&file(r)), Kind::Pipe);
        assert_eq!(kind(&file(w)), Kind::Pipe);
        let (a, _b) = UnixStream::pair().unwrap();
        assert_eq!(kind(&file(a)), Kind::UnixStream);
        let (d, _e) = std::os::unix::net::UnixDatagram::pair().unwrap();
        assert_eq!(kind(&file(d)), Kind::Other, "a datagram socket");
        let tcp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        assert_eq!(kind(&file(tcp)), Kind::Other, "a network socket");
        let plain = a_plain_file();
        assert_eq!(kind(&plain), Kind::Other, "a file");
    }

    #[tokio::test]
    async fn a_socket_pair_carries_lines_both_ways_on_the_reactor() {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let (ours, theirs) = UnixStream::pair().unwrap();
        let mut w = writer(file(ours.try_clone().unwrap())).unwrap();
        let r = reader(file(ours)).unwrap();
        let theirs = tokio::net::UnixStream::from_std({
            theirs.set_nonblocking(true).unwrap();
            theirs
        })
        .unwrap();
        let (their_r, mut their_w) = theirs.into_split();
        their_w.write_all(b"ping\n").await.unwrap();
        let mut line = String::new();
        BufReader::new(r).read_line(&mut line).await.unwrap();
        assert_eq!(line, "ping\n");
        w.write_all(b"pong\n").await.unwrap();
        w.flush().await.unwrap();
        line.clear();
        BufReader::new(their_r).read_line(&mut line).await.unwrap();
        assert_eq!(line, "pong\n");
    }

    fn a_plain_file() -> File {
        let path = std::env::temp_dir().join(format!("hivegate-stdio-kind-{}", std::process::id()));
        let f = File::create(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        f
    }
}
