//! stdin and stdout for `hivegate mcp`, read and written without a thread
//! hop per message when they are pipes.
//!
//! tokio's own `stdin()`/`stdout()` hand every read and write to the
//! blocking pool, which cost more per proxied call than the gate itself.
//! When the MCP client gave us pipes (the usual case) they are registered
//! with the reactor instead. Anything else (a terminal, a file, a socket
//! pair), and a stdout that shares its pipe with stderr (a non-blocking
//! stderr could drop a log line), keeps tokio's portable path.

use std::fs::File;
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
use std::pin::Pin;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::unix::pipe;

pub type Reader = Pin<Box<dyn AsyncRead + Send>>;
pub type Writer = Pin<Box<dyn AsyncWrite + Send>>;

/// Must run inside the tokio runtime (the pipes register with its reactor).
pub fn stdio() -> (Reader, Writer) {
    let read: Reader =
        match own(std::io::stdin().as_fd()).and_then(|f| pipe::Receiver::from_file(f).ok()) {
            Some(r) => Box::pin(r),
            None => Box::pin(tokio::io::stdin()),
        };
    let write: Writer = match own(std::io::stdout().as_fd())
        .filter(|out| !same_pipe_as_stderr(out))
        .and_then(|f| pipe::Sender::from_file(f).ok())
    {
        Some(w) => Box::pin(w),
        None => Box::pin(tokio::io::stdout()),
    };
    (read, write)
}

fn own(fd: std::os::fd::BorrowedFd<'_>) -> Option<File> {
    fd.try_clone_to_owned().ok().map(File::from)
}

fn same_pipe_as_stderr(out: &File) -> bool {
    let Some(err) = own(std::io::stderr().as_fd()) else {
        return false;
    };
    match (out.metadata(), err.metadata()) {
        (Ok(o), Ok(e)) => o.dev() == e.dev() && o.ino() == e.ino(),
        // Unknown: keep the path that cannot break stderr.
        _ => true,
    }
}
