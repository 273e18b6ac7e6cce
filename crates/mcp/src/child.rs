//! A stdio upstream: the child process and the MCP connection over its
//! stdin and stdout ([`LineTransport`]).
//!
//! Closing follows the MCP stdio shutdown: close the child's stdin, wait,
//! then SIGTERM, wait, then kill; the child leads its own process group,
//! so the signals reach what it started too. Dropping it kills the group.

use std::process::{ExitStatus, Stdio};
use std::sync::Arc;
use std::time::Duration;

use process_wrap::tokio::{ChildWrapper, CommandWrap};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::process::{ChildStderr, ChildStdout};

use crate::lines::{LineSender, LineTransport};
use crate::raw_call::RawCalls;

/// How long each step of the shutdown waits for the child to exit.
const EXIT_WAIT: Duration = Duration::from_secs(3);

/// SIGTERM: asks the child's process group to end.
const SIGTERM: i32 = 15;

pub struct ChildTransport {
    child: Option<Box<dyn ChildWrapper>>,
    lines: LineTransport<RoleClient, ChildStdout>,
    raw: Arc<RawCalls>,
}

impl ChildTransport {
    /// Spawns `command` with piped stdin, stdout and stderr; the stderr is
    /// returned for the caller to read. Must run inside the tokio runtime.
    pub fn spawn(mut command: CommandWrap) -> std::io::Result<(Self, Option<ChildStderr>)> {
        command
            .command_mut()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn()?;
        let inner = child.inner_mut();
        let (Some(stdin), Some(stdout)) = (inner.stdin().take(), inner.stdout().take()) else {
            return Err(std::io::Error::other("the child's stdio was not piped"));
        };
        let stderr = inner.stderr().take();
        let raw = Arc::new(RawCalls::new());
        let lines = LineTransport::new(stdout, stdin).with_intercept(raw.clone());
        Ok((
            ChildTransport {
                child: Some(child),
                lines,
                raw,
            },
            stderr,
        ))
    }

    /// Where raw `tools/call` requests go and their replies come back
    /// ([`crate::raw_call`]); None once the transport is closed.
    pub fn raw_lane(&self) -> Option<(Arc<RawCalls>, LineSender<RoleClient>)> {
        Some((Arc::clone(&self.raw), self.lines.line_sender()?))
    }

    /// The child's process id while it runs.
    pub fn id(&self) -> Option<u32> {
        self.child.as_ref().and_then(|c| c.id())
    }
}

async fn exited(child: &mut Box<dyn ChildWrapper>) -> Option<ExitStatus> {
    tokio::time::timeout(EXIT_WAIT, child.wait())
        .await
        .ok()
        .and_then(Result::ok)
}

impl Transport<RoleClient> for ChildTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.lines.send(item)
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleClient>>> + Send {
        self.lines.receive()
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.lines.close().await?;
        let Some(child) = self.child.as_mut() else {
            return Ok(());
        };
        // The child stays in `self.child` until it is gone, so a close
        // cancelled half way still kills it on drop.
        if exited(child).await.is_none() {
            if let Err(e) = child.signal(SIGTERM) {
                tracing::debug!(error = %e, "SIGTERM to an upstream failed");
            }
            if exited(child).await.is_none() {
                Box::into_pin(child.kill()).await?;
            }
        }
        self.child = None;
        Ok(())
    }
}

impl Drop for ChildTransport {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // kill() also reaps it, so no zombie is left.
            match tokio::runtime::Handle::try_current() {
                Ok(rt) => {
                    rt.spawn(async move {
                        if let Err(e) = Box::into_pin(child.kill()).await {
                            tracing::warn!(error = %e, "could not kill an upstream");
                        }
                    });
                }
                Err(_) => {
                    let _ = child.start_kill();
                }
            }
        }
    }
}
