//! The `hivegate` binary: argument parsing and wiring over the library
//! crates. Libraries never print or exit; this file does both.

mod discover_cmd;
mod eval_cmd;
mod gate_cmd;
mod home;
mod mcp_cmd;
mod models_cmd;
mod serve_cmd;
mod stdio_pipes;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// mimalloc, not the system allocator: a proxied call allocates and frees
/// many small buffers (JSON, futures, audit rows), and glibc's malloc cost
/// the gateway about a tenth more CPU per call (benches/mcp_proxy).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// hivegate: the capability gateway for AI agents.
#[derive(Debug, Parser)]
#[command(name = "hivegate", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Measure rankers on public retrieval sets.
    Eval {
        #[command(subcommand)]
        command: eval_cmd::EvalCommand,
    },
    /// Serve the HTTP API (embedded SQLite in the home by default).
    Serve {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(flatten)]
        args: serve_cmd::ServeArgs,
    },
    /// hivegate as an MCP server over stdio; or, with a subcommand, the
    /// upstream MCP servers of a running `serve`.
    Mcp {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(flatten)]
        args: mcp_cmd::McpArgs,
        #[command(subcommand)]
        command: Option<mcp_cmd::McpCommand>,
    },
    /// The admin token.
    Token {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(subcommand)]
        command: serve_cmd::TokenCommand,
    },
    /// Approval requests in the local store.
    Approvals {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(subcommand)]
        command: serve_cmd::ApprovalsCommand,
    },
    /// The hash-chained audit.
    Audit {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(subcommand)]
        command: serve_cmd::AuditCommand,
    },
    /// The subscription tier.
    Tier {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(subcommand)]
        command: serve_cmd::TierCommand,
    },
    /// Propose one connector + one skill + one tool for a need.
    Pick {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        /// What you want to do, in plain words. It may start with a
        /// hyphen, as a to-do line pasted from a list does ("- [ ] …").
        #[arg(allow_hyphen_values = true)]
        need: String,
        #[arg(long)]
        workspace: Option<String>,
        /// Run the search N times and print latency percentiles to stderr.
        #[arg(long, default_value_t = 1)]
        repeat: usize,
    },
    /// Where could a capability come from? (CapabilityRouter::resolve)
    Route {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[arg(allow_hyphen_values = true)]
        query: String,
    },
    /// The marketplace in the store.
    Marketplace {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(subcommand)]
        command: discover_cmd::MarketplaceCommand,
    },
    /// The local embedding model (all-MiniLM-L6-v2).
    Models {
        #[command(flatten)]
        home: serve_cmd::HomeArgs,
        #[command(subcommand)]
        command: models_cmd::ModelsCommand,
    },
    /// Ask the gate about tool calls.
    Gate {
        #[command(subcommand)]
        command: gate_cmd::GateCommand,
    },
    /// Work with rule files.
    Rules {
        #[command(subcommand)]
        command: gate_cmd::RulesCommand,
    },
}

/// A failure the user can fix: printed as `error: …` (and `help: …`), exit 2.
#[derive(Debug)]
pub struct UserError {
    pub message: String,
    pub help: Option<String>,
}

impl UserError {
    pub fn new(message: impl Into<String>) -> Self {
        UserError {
            message: message.into(),
            help: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UserError {}

fn main() -> ExitCode {
    // A closed stderr (a supervisor that stopped reading) must not take the
    // server down: the subscriber would report its own write failure with
    // eprintln!, which panics on a broken pipe.
    tracing_subscriber::fmt()
        .log_internal_errors(false)
        .with_writer(std::io::stderr)
        // Colour only for a person at a terminal, not in a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("HIVEGATE_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gate { command } => gate_cmd::run_gate(command),
        Command::Rules { command } => gate_cmd::run_rules(command),
        Command::Eval { command } => eval_cmd::run(command),
        Command::Serve { home, args } => serve_cmd::serve(home, args),
        Command::Mcp {
            home,
            args,
            command,
        } => mcp_cmd::run(home, args, command),
        Command::Token { home, command } => serve_cmd::token(home, command),
        Command::Approvals { home, command } => serve_cmd::approvals(home, command),
        Command::Audit { home, command } => serve_cmd::audit(home, command),
        Command::Tier { home, command } => serve_cmd::tier(home, command),
        Command::Models { home, command } => models_cmd::run(home, command),
        Command::Pick {
            home,
            need,
            workspace,
            repeat,
        } => discover_cmd::pick_cmd(home, need, workspace, repeat),
        Command::Route { home, query } => discover_cmd::route_cmd(home, query),
        Command::Marketplace { home, command } => discover_cmd::marketplace_cmd(home, command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            match err.downcast_ref::<UserError>() {
                Some(u) => {
                    to_stderr(&format!("error: {}", u.message));
                    if let Some(help) = &u.help {
                        to_stderr(&format!("  help: {help}"));
                    }
                }
                None => to_stderr(&format!("error: {err:#}")),
            }
            ExitCode::from(2)
        }
    }
}

/// One line to stderr. Unlike `eprintln!` it does not panic when stderr is
/// a closed pipe: a server whose terminal went away keeps serving.
pub(crate) fn to_stderr(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
