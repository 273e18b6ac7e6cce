//! hivegate as an MCP server: the meta tools and the gated pool of
//! upstream tools, with every `tools/call` through the gate.
//!
//! One [`GatewaySession`] per downstream MCP session (the streamable HTTP
//! service makes one per session; `hivegate mcp` over stdio has one). When
//! the gate says a human must click:
//!
//! - a client that declared elicitation (on a protocol version that still
//!   lets servers send requests) is asked through elicitation: accept runs
//!   the call, decline or cancel refuses it; both are audited as the
//!   approval's grant or denial;
//! - otherwise an approval request is open: the call waits for a human
//!   (up to [`GatewayConfig::approval_wait`], with progress notifications
//!   when the client sent a progress token), or, with no wait, comes back
//!   at once as an error result with status `pending_approval`, the
//!   approval id, and where to approve it.
//!
//! A call that did not run never comes back as a success.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use futures::FutureExt;
use futures::future::BoxFuture;
use hivegate_gate::{CallRequest, Evaluation, Gate, GateDecision, GateError};
use hivegate_policy::Verdict;
use hivegate_policy::confirmation::AutonomyOverride;
use hivegate_policy::loop_guard::{self, GIVE_UP_MESSAGE, LoopGuard, LoopVerdict};
use hivegate_policy::permissions::PermissionManager;
use hivegate_store::{AnyStore, ApprovalStatus, Store};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequest,
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema, Implementation,
    InputRequest, InputRequests, InputRequiredResult, InputResponses, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities, ServerConfig,
    ServerNotification, SubscriptionFilter, Tool, ToolListChangedNotification,
};
use rmcp::service::{NotificationContext, Peer, RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData, ServerHandler};
use serde_json::{Value, json};

use crate::lru::Lru;
use crate::relay::{ElicitRelay, cancelled};
use crate::retrieval::{Message, ToolSelector, query_from_messages};
use crate::runtime::{ExposedTool, McpRuntime, ToolIndex};

/// Request `_meta` key naming the conversation (default: the MCP session).
pub const META_CONVERSATION: &str = "hivegate/conversation";
/// Request `_meta` key with the context that ranks tools: a string, or an
/// array of `{role, content}` messages.
pub const META_CONTEXT: &str = "hivegate/context";

/// The meta tool that installs a starter-pack skill: it asks a human at
/// every autonomy level, yolo included.
const INSTALL_CAPABILITY: &str = "install_capability";

/// hivegate's own tools, always shown.
pub const META_TOOLS: [&str; 4] = [
    "acquire_capability",
    INSTALL_CAPABILITY,
    "find_connector",
    "list_connector_categories",
];

/// What the meta tools do, provided by the server that owns discovery.
pub trait MetaTools: Send + Sync {
    /// Agent-pick for a need (connector + skill + tool, each with a why).
    fn acquire(
        &self,
        need: String,
        workspace: Option<String>,
    ) -> BoxFuture<'_, Result<Value, String>>;
    /// Installs a starter-pack skill.
    fn install(&self, name: String) -> BoxFuture<'_, Result<Value, String>>;
    fn find_connector(&self, query: &str, limit: usize) -> Result<Value, String>;
    fn list_connector_categories(&self) -> Value;
}

/// How the gateway behaves.
#[derive(Debug, Clone)]
pub struct GatewayConfig {
    /// How long a call that needs a human waits for one; zero answers
    /// `pending_approval` at once.
    pub approval_wait: Duration,
    /// Where a human approves, for the `pending_approval` answer: a URL or
    /// a command, with `{id}` standing for the approval id.
    pub approve_at: String,
    /// The operator's autonomy level for MCP sessions. Clients cannot set it.
    pub autonomy: Option<AutonomyOverride>,
    pub workspace: Option<String>,
    /// The operator's tool filter (seed §6, and the persona filter of seed
    /// #6 D6.5): a forbidden tool, meta or upstream, is never listed and
    /// its calls are denied.
    pub permissions: Option<Arc<PermissionManager>>,
}

impl Default for GatewayConfig {
    fn default() -> Self {
        GatewayConfig {
            approval_wait: Duration::from_secs(120),
            approve_at: "hivegate approvals approve {id}".into(),
            autonomy: None,
            workspace: None,
            permissions: None,
        }
    }
}

/// What every session shares.
pub struct Gateway {
    pub runtime: Arc<McpRuntime>,
    /// Loop guards and abort flags, per conversation.
    pub runs: Mutex<Lru<RunState>>,
    pub gate: Arc<Gate<AnyStore>>,
    pub meta: Arc<dyn MetaTools>,
    pub selector: ToolSelector,
    pub config: GatewayConfig,
}

impl Gateway {
    /// Appends an audit row; a failure is logged, not returned, for rows
    /// that record what already happened.
    async fn audit(&self, kind: &str, row: Value) {
        if let Err(e) = self.gate.store().audit_append(kind, &row, now_ms()).await {
            tracing::warn!(error = %e, "audit append failed");
        }
    }

    pub fn new(
        runtime: Arc<McpRuntime>,
        gate: Arc<Gate<AnyStore>>,
        meta: Arc<dyn MetaTools>,
        selector: ToolSelector,
        config: GatewayConfig,
    ) -> Gateway {
        Gateway {
            runtime,
            runs: Mutex::new(Lru::new(crate::retrieval::MAX_CONVERSATIONS)),
            gate,
            meta,
            selector: selector.with_permissions(config.permissions.clone()),
            config,
        }
    }
}

impl std::fmt::Debug for Gateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gateway")
            .field("runtime", &self.runtime)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A session id. It is the default conversation, and approvals are bound
/// to it, so two sessions must never share one: a process-wide counter
/// keeps ids unique even if the random source fails.
fn random_id() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut b = [0u8; 12];
    if let Err(e) = getrandom::fill(&mut b) {
        tracing::warn!(error = %e, "the random source failed; session ids fall back to a counter");
    }
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}{n:x}", hex::encode(b))
}

/// Turns an `auto` evaluation into one that asks a human (a denial stays a
/// denial): the gate's tables let an install pass at yolo, but an agent
/// installing what runs in its own next turns is asked about here at any
/// level, as the tool's description promises.
fn ask_even_so(evaluation: &mut Evaluation) {
    let d = &mut evaluation.decision;
    if d.decision == Verdict::Auto {
        d.decision = Verdict::Confirm;
        d.auto_approved = None;
        d.reasons.insert(
            0,
            "hivegate's MCP face asks a human before every install, at any autonomy".to_owned(),
        );
    }
}

fn schema(v: Value) -> Arc<serde_json::Map<String, Value>> {
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

fn meta_tool_list() -> Vec<Tool> {
    let ro = rmcp::model::ToolAnnotations::new().read_only(true);
    vec![
        Tool::new(
            "acquire_capability",
            "Find what could do a need: one connector, one skill and one tool, each with why, \
             plus the upstream MCP tools that match (they are added to your tool list).",
            schema(json!({"type": "object", "properties": {
                "need": {"type": "string", "description": "What you need to do, in plain words."},
                "workspace": {"type": "string"}}, "required": ["need"]})),
        )
        .annotate(ro.clone()),
        Tool::new(
            "install_capability",
            "Install a starter-pack skill by name. Always asks a human first.",
            schema(json!({"type": "object", "properties": {
                "name": {"type": "string", "description": "The skill's name, as acquire_capability gave it."}},
                "required": ["name"]})),
        )
        .annotate(rmcp::model::ToolAnnotations::new().read_only(false).destructive(false)),
        Tool::new(
            "find_connector",
            "Search the MCP server catalog for a service or task.",
            schema(json!({"type": "object", "properties": {
                "query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": 50}},
                "required": ["query"]})),
        )
        .annotate(ro.clone()),
        Tool::new(
            "list_connector_categories",
            "The catalog's categories, with how many servers each has.",
            schema(json!({"type": "object", "properties": {}})),
        )
        .annotate(ro),
    ]
}

fn upstream_tool(t: &crate::runtime::ExposedTool) -> Tool {
    let mut tool = Tool::new(
        t.exposed.clone(),
        t.tool.description.clone(),
        t.tool.input_schema.clone(),
    );
    if let Some(a) = t.tool.annotations {
        tool = tool.annotate(rmcp::model::ToolAnnotations::from_raw(
            None,
            a.read_only_hint,
            a.destructive_hint,
            None,
            a.open_world_hint,
        ));
    }
    tool
}

fn error_result(text: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text)])
}

pub(crate) fn not_decided(e: &hivegate_gate::GateError) -> String {
    format!("the gate could not decide, so the call did not run: {e}")
}

/// Runs a read-only `auto` call beside the commit of its decision row
/// ([`Evaluation::may_run_beside_its_record`]), so the upstream starts on
/// it without waiting for the store: `record` starts first (the row is
/// queued before the call is sent), and `run`'s output is given back only
/// once the row is committed. Err carries what to answer instead when the
/// row was not written (the call ran, and its result is withheld).
///
/// A combinator, not an `async fn`: that would hold both futures twice (as
/// its arguments and inside the join), and copy them, on every call.
pub(crate) fn beside_record<T>(
    record: impl Future<Output = Result<GateDecision, GateError>>,
    run: impl Future<Output = T>,
) -> impl Future<Output = Result<T, String>> {
    // `join` polls its futures in the order given.
    futures::future::join(record, run).map(|(recorded, out)| match recorded {
        Ok(d) if d.decision.decision == Verdict::Auto => Ok(out),
        Ok(_) => Err("the gate's decision changed as the call was recorded; \
             the call only reads, and its result is withheld"
            .to_owned()),
        Err(e) => Err(format!(
            "the gate could not record the call: {e}; it only reads, and its result is withheld"
        )),
    })
}

fn str_arg<'a>(args: &'a Value, key: &str) -> Option<&'a str> {
    args.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// The key of the confirmation form among a round's input requests.
const CONFIRM_KEY: &str = "hivegate_confirm";

/// A call the gate wants a human for.
struct Asked<'a> {
    name: &'a str,
    args: &'a Value,
    approval: &'a str,
    reasons: String,
    /// The gate session the approval is bound to.
    session: &'a str,
}

/// Protocol `2026-07-28` and later: no sessions, no server-to-client
/// requests; elicitation travels as input requests in the result.
/// Whether the agent's client declared elicitation.
fn client_elicits(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .is_some_and(|c| c.elicitation.is_some())
}

fn stateless(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|v| !v.has_initialize())
}

/// The answer in a retried call's input responses, if it is for this
/// approval. `requestState` comes back from the client, so it is only
/// trusted as far as naming the approval the gate found for this very call.
fn input_answer(round: &InputRound, approval: &str) -> Option<bool> {
    let (responses, state) = round;
    if state.as_deref() != Some(approval) {
        return None;
    }
    let answer = responses.as_ref()?.get(CONFIRM_KEY)?;
    Some(answer.get("action").and_then(Value::as_str) == Some("accept"))
}

fn confirm_form(q: &Asked<'_>) -> ElicitRequestParams {
    let mut shown_args = q.args.to_string();
    if shown_args.len() > 2000 {
        let cut = (0..=2000)
            .rev()
            .find(|&i| shown_args.is_char_boundary(i))
            .unwrap_or(0);
        shown_args.truncate(cut);
        shown_args.push('…');
    }
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: format!(
            "Allow {} to run?\nArguments: {shown_args}\nWhy you are asked: {}",
            q.name, q.reasons
        ),
        requested_schema: ElicitationSchema::builder().build_unchecked(),
    }
}

/// What a session shares with its list-changed watcher.
struct Visible {
    conversation: Mutex<String>,
    /// The upstream tools this session was last shown (or told about).
    shown: Mutex<BTreeSet<String>>,
}

impl Visible {
    fn conversation(&self) -> String {
        self.conversation
            .lock()
            .map(|c| c.clone())
            .unwrap_or_default()
    }

    fn set_shown(&self, names: &[String]) -> bool {
        let new: BTreeSet<String> = names.iter().cloned().collect();
        match self.shown.lock() {
            Ok(mut s) if *s != new => {
                *s = new;
                true
            }
            _ => false,
        }
    }
}

/// Per-conversation state that must outlive one request: on protocol
/// `2026-07-28` every request gets a fresh handler.
#[derive(Default)]
pub struct RunState {
    loop_guard: LoopGuard,
    aborted: bool,
}

/// One downstream MCP session (for a stateless client, one request).
#[derive(Clone)]
pub struct GatewaySession {
    pub(crate) gw: Arc<Gateway>,
    id: String,
    visible: Arc<Visible>,
    /// The client, once it has completed the handshake.
    pub(crate) peer: Arc<OnceLock<Peer<RoleServer>>>,
}

/// Passes an upstream's form to the agent's client. The message names the
/// server and the tool, so an upstream cannot pass its question off as
/// hivegate's own confirmation; the answer goes back unchanged and its
/// action (never its content) is audited. A client that cannot be asked
/// (`peer` is None) gets nothing; the upstream gets `cancel`, and that
/// too is audited.
struct DownstreamRelay {
    gw: Arc<Gateway>,
    peer: Option<Peer<RoleServer>>,
    tool: String,
    conversation: String,
}

impl DownstreamRelay {
    async fn audit(&self, server: &str, action: ElicitationAction, unasked: Option<&str>) {
        let mut row = json!({"server": server, "tool": self.tool,
                             "conversation": self.conversation, "action": action,
                             "asked": unasked.is_none()});
        if let Some(why) = unasked {
            row["why"] = json!(why);
        }
        self.gw.audit("upstream_elicitation", row).await;
    }
}

impl ElicitRelay for DownstreamRelay {
    fn unanswered(&self, server: &str, why: &'static str) -> BoxFuture<'_, ()> {
        let server = server.to_owned();
        Box::pin(async move {
            self.audit(&server, ElicitationAction::Cancel, Some(why))
                .await
        })
    }

    fn elicit(&self, server: &str, request: ElicitRequestParams) -> BoxFuture<'_, ElicitResult> {
        let server = server.to_owned();
        Box::pin(async move {
            let Some(peer) = &self.peer else {
                let why = "the agent's client cannot be asked (no elicitation, or no session)";
                self.audit(&server, ElicitationAction::Cancel, Some(why))
                    .await;
                return cancelled();
            };
            let asked = match request {
                ElicitRequestParams::FormElicitationParams {
                    message,
                    requested_schema,
                    ..
                } => ElicitRequestParams::FormElicitationParams {
                    meta: None,
                    message: format!(
                        "The MCP server `{server}` asks, while running {}: {message}",
                        self.tool
                    ),
                    requested_schema,
                },
                // URL forms were not offered upstream; anything newer is
                // not understood here.
                _ => {
                    let why = "not a form (URL forms were not offered)";
                    self.audit(&server, ElicitationAction::Cancel, Some(why))
                        .await;
                    return cancelled();
                }
            };
            let answer = peer.create_elicitation(asked).await.unwrap_or_else(|e| {
                tracing::info!(error = %e, "the client could not be asked; cancelled");
                cancelled()
            });
            self.audit(&server, answer.action.clone(), None).await;
            answer
        })
    }
}

/// What a retried `tools/call` carries back (protocol `2026-07-28`).
type InputRound = (Option<InputResponses>, Option<String>);

impl GatewaySession {
    pub fn new(gw: Arc<Gateway>) -> GatewaySession {
        let id = random_id();
        GatewaySession {
            gw,
            visible: Arc::new(Visible {
                conversation: Mutex::new(id.clone()),
                shown: Mutex::new(BTreeSet::new()),
            }),
            id,
            peer: Arc::default(),
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The conversation a request belongs to: what the client names in
    /// `_meta`, else this session; a stateless client (no session exists)
    /// is one conversation per client name.
    fn conversation_of(&self, context: &RequestContext<RoleServer>) -> String {
        let named = context.meta.get(META_CONVERSATION).and_then(Value::as_str);
        if named.is_none() && stateless(context) {
            let client = context.client_info().map(|i| i.name).unwrap_or_default();
            return format!("client:{}", client.chars().take(100).collect::<String>());
        }
        self.conversation_named(named)
    }

    /// The conversation a request of a session belongs to: the one it
    /// names (which then becomes the session's), else the session's.
    pub(crate) fn conversation_named(&self, named: Option<&str>) -> String {
        let Some(c) = named else {
            return self.visible.conversation();
        };
        let c: String = c.chars().take(200).collect();
        if let Ok(mut conv) = self.visible.conversation.lock() {
            conv.clone_from(&c);
        }
        c
    }

    /// Which upstream tools to show, and an audit row saying so.
    async fn select(
        &self,
        conversation: &str,
        index: &ToolIndex,
        query: Option<&str>,
    ) -> Vec<String> {
        let sel = self.gw.selector.select(conversation, index, query);
        let row = json!({"session": self.id, "conversation": conversation, "shown": sel.shown,
                         "added": sel.added, "gated": sel.gated, "error": sel.error,
                         "queryChars": query.map(str::len)});
        self.audit("tools_shown", row).await;
        self.visible.set_shown(&sel.shown);
        sel.shown
    }

    fn with_run<T>(&self, conversation: &str, f: impl FnOnce(&mut RunState) -> T) -> Option<T> {
        self.gw
            .runs
            .lock()
            .ok()
            .map(|mut r| f(r.touch(conversation)))
    }

    async fn call(
        &self,
        name: &str,
        args: Value,
        round: InputRound,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let conversation = self.conversation_of(context);
        let hash = loop_guard::args_hash(&args);
        if let Err(message) = self.guard(&conversation, name, hash).await {
            return error_result(message).into();
        }
        let index = self.gw.runtime.index();
        let is_meta = META_TOOLS.contains(&name);
        let upstream = index.get(name);
        if !is_meta && upstream.is_none() {
            return error_result(format!(
                "no tool named `{name}` is available (it may have been stopped or removed)"
            ))
            .into();
        }
        let req = self.request(name, args, &conversation, upstream);
        let now = now_ms();
        let mut evaluation = self.gw.gate.evaluate(&req, now);
        if name == INSTALL_CAPABILITY {
            ask_even_so(&mut evaluation);
        }
        if !is_meta && evaluation.may_run_beside_its_record(&req) {
            let record = self.gw.gate.record(&req, evaluation, now);
            let run = self.call_upstream(name, &req.args, &conversation, context);
            let result = beside_record(record, run)
                .await
                .unwrap_or_else(error_result);
            self.ran(&conversation, name, hash, result.is_error != Some(true));
            return result.into();
        }
        let decision = match self.gw.gate.record(&req, evaluation, now).await {
            Ok(d) => d,
            Err(e) => return error_result(not_decided(&e)).into(),
        };
        let args = &req.args;
        match decision.decision.decision {
            Verdict::Deny => {
                let why = decision.decision.reasons.join("; ");
                return error_result(format!("hivegate denied {name}: {why}")).into();
            }
            Verdict::Auto => {}
            Verdict::Confirm => {
                let Some(approval) = decision.approval_id.clone() else {
                    return error_result(
                        "the gate asked for a human but opened no approval; the call did not run",
                    )
                    .into();
                };
                let asked = Asked {
                    name,
                    args,
                    approval: &approval,
                    reasons: decision.decision.reasons.join("; "),
                    session: &conversation,
                };
                if let Err(r) = self.await_human(&asked, round, context).await {
                    return r;
                }
            }
        }
        let result = if is_meta {
            self.run_meta(name, args, &conversation, context).await
        } else {
            self.call_upstream(name, args, &conversation, context).await
        };
        self.ran(&conversation, name, hash, result.is_error != Some(true));
        result.into()
    }

    /// Calls an upstream tool, its failure answered as an error result.
    async fn call_upstream(
        &self,
        name: &str,
        args: &Value,
        conversation: &str,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        let relay = self.relay(name, conversation, context);
        match self
            .gw
            .runtime
            .call(name, args.as_object().cloned(), Some(relay))
            .await
        {
            Ok(r) => r,
            Err(e) => error_result(e.to_string()),
        }
    }

    /// Tells the loop guard how a call that ran went.
    pub(crate) fn ran(&self, conversation: &str, name: &str, hash: u64, ok: bool) {
        self.with_run(conversation, |r| r.loop_guard.record(name, hash, ok));
    }

    /// The loop guard's word on a call (`hash`: its arguments'): Err with
    /// what to answer when it blocks the call or ends the run.
    pub(crate) async fn guard(
        &self,
        conversation: &str,
        name: &str,
        hash: u64,
    ) -> Result<(), String> {
        let verdict = self.with_run(conversation, |r| {
            if r.aborted {
                return LoopVerdict::Abort {
                    tier: loop_guard::LoopTier::T3,
                    message: GIVE_UP_MESSAGE.to_owned(),
                };
            }
            let v = r.loop_guard.check_tiered(name, hash);
            match &v {
                // A blocked call did not succeed: it counts towards the
                // same-tool failure streak, so T3 can end a run that keeps
                // hitting T4.
                LoopVerdict::Block { .. } => r.loop_guard.record(name, hash, false),
                LoopVerdict::Abort { .. } => r.aborted = true,
                LoopVerdict::Proceed => {}
            }
            v
        });
        match verdict.unwrap_or(LoopVerdict::Proceed) {
            LoopVerdict::Proceed => Ok(()),
            LoopVerdict::Block { message, .. } => Err(message),
            LoopVerdict::Abort { message, .. } => {
                self.audit(
                    "loop_abort",
                    json!({"conversation": conversation, "tool": name}),
                )
                .await;
                Err(message)
            }
        }
    }

    /// What the gate is asked about a call.
    pub(crate) fn request(
        &self,
        name: &str,
        args: Value,
        conversation: &str,
        upstream: Option<&ExposedTool>,
    ) -> CallRequest {
        CallRequest {
            tool: name.to_owned(),
            args,
            session: Some(conversation.to_owned()),
            workspace: self.gw.config.workspace.clone(),
            autonomy: self.gw.config.autonomy,
            hints: upstream.and_then(|t| t.tool.annotations),
            permissions: self.gw.config.permissions.clone(),
        }
    }

    async fn audit(&self, kind: &str, row: Value) {
        self.gw.audit(kind, row).await;
    }

    /// Who answers the upstream's questions during this call: the agent's
    /// client, when it declared elicitation and holds a session to send a
    /// request on; nobody otherwise (and the relay records that).
    fn relay(
        &self,
        tool: &str,
        conversation: &str,
        context: &RequestContext<RoleServer>,
    ) -> Arc<dyn ElicitRelay> {
        let peer = (client_elicits(context) && !stateless(context)).then(|| context.peer.clone());
        self.relay_to(tool, conversation, peer)
    }

    /// Who answers the upstream's questions during a call: `peer`, or
    /// nobody (and the relay records that).
    pub(crate) fn relay_to(
        &self,
        tool: &str,
        conversation: &str,
        peer: Option<Peer<RoleServer>>,
    ) -> Arc<dyn ElicitRelay> {
        Arc::new(DownstreamRelay {
            gw: Arc::clone(&self.gw),
            peer,
            tool: tool.to_owned(),
            conversation: conversation.to_owned(),
        })
    }

    /// Ok when a human said yes and the approval was used for this call;
    /// otherwise what to answer instead.
    async fn await_human(
        &self,
        q: &Asked<'_>,
        round: InputRound,
        context: &RequestContext<RoleServer>,
    ) -> Result<(), CallToolResponse> {
        let gate = &self.gw.gate;
        let (name, approval) = (q.name, q.approval);
        let status = self.approval_status(approval).await;
        let elicits = client_elicits(context);
        let by = format!("elicitation:{}", q.session);
        // Granted already (a retry after a human approved): use it.
        let answer = if status == Some(ApprovalStatus::Granted) {
            None
        } else if elicits && stateless(context) {
            match input_answer(&round, approval) {
                Some(yes) => Some(yes),
                None => {
                    self.audit(
                        "approval_elicited",
                        json!({"id": approval, "tool": name, "via": "input_request"}),
                    )
                    .await;
                    return Err(CallToolResponse::InputRequired(self.input_required(q)));
                }
            }
        } else if elicits {
            self.audit(
                "approval_elicited",
                json!({"id": approval, "tool": name, "via": "elicitation_request"}),
            )
            .await;
            self.elicit(q, context).await
        } else {
            None
        };
        match answer {
            Some(true) => {
                if let Err(e) = gate
                    .grant(approval, &by, now_ms())
                    .await
                    .map_err(|e| e.to_string())
                    .and_then(|r| r.map_err(|r| r.to_string()))
                {
                    return Err(error_result(format!(
                        "approval {approval}: {e}; the call did not run"
                    ))
                    .into());
                }
            }
            Some(false) => {
                let _ = gate.deny(approval, &by, now_ms()).await;
                return Err(
                    error_result(format!("the user declined {name}; it did not run")).into(),
                );
            }
            None if status == Some(ApprovalStatus::Granted) => {}
            // No elicitation: an approval a human grants elsewhere.
            None => {
                if self.gw.config.approval_wait.is_zero() {
                    return Err(self.pending(approval, name, &q.reasons).into());
                }
                if !self.wait_for_grant(approval, name, context).await {
                    let status = self.approval_status(approval).await;
                    return Err(match status {
                        Some(ApprovalStatus::Denied) => {
                            error_result(format!("a human denied {name}; it did not run"))
                        }
                        Some(ApprovalStatus::Expired) => {
                            error_result(format!("approval {approval} expired; {name} did not run"))
                        }
                        _ => self.pending(approval, name, &q.reasons),
                    }
                    .into());
                }
            }
        }
        match gate
            .redeem_own(approval, name, q.args, q.session, now_ms())
            .await
        {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(r)) => {
                Err(error_result(format!("approval {approval}: {r}; the call did not run")).into())
            }
            Err(e) => {
                Err(error_result(format!("approval {approval}: {e}; the call did not run")).into())
            }
        }
    }

    /// An approval's status now (None when it cannot be read).
    async fn approval_status(&self, id: &str) -> Option<ApprovalStatus> {
        let a = self.gw.gate.store().approval_get(id).await.ok().flatten()?;
        Some(a.status)
    }

    /// The confirmation form, asked of a stateless client as an input
    /// request; `requestState` is only the approval id, checked on return.
    fn input_required(&self, q: &Asked<'_>) -> InputRequiredResult {
        let mut requests = InputRequests::new();
        requests.insert(
            CONFIRM_KEY.to_owned(),
            InputRequest::Elicitation(ElicitRequest::new(confirm_form(q))),
        );
        InputRequiredResult::new(Some(requests), Some(q.approval.to_owned()))
    }

    fn pending(&self, approval: &str, name: &str, reasons: &str) -> CallToolResult {
        CallToolResult::structured_error(json!({
            "status": "pending_approval",
            "approvalId": approval,
            "tool": name,
            "reason": reasons,
            "approveAt": self.gw.config.approve_at.replace("{id}", approval),
            "message": format!("{name} needs a human's approval and did not run. \
                                Ask them to approve {approval}, then call it again."),
        }))
    }

    /// Some(true) accept, Some(false) decline or cancel, None when the
    /// client could not be asked.
    async fn elicit(&self, q: &Asked<'_>, context: &RequestContext<RoleServer>) -> Option<bool> {
        let answer = tokio::select! {
            r = context.peer.create_elicitation(confirm_form(q)) => r,
            () = context.ct.cancelled() => return Some(false),
        };
        match answer {
            Ok(r) => Some(r.action == ElicitationAction::Accept),
            Err(e) => {
                tracing::info!(error = %e, "elicitation failed; falling back to an approval request");
                None
            }
        }
    }

    /// Waits for a human's decision; true when granted. Sends progress
    /// notifications when the client gave a progress token.
    async fn wait_for_grant(
        &self,
        approval: &str,
        name: &str,
        context: &RequestContext<RoleServer>,
    ) -> bool {
        let wait = self.gw.config.approval_wait;
        let token = context.meta.get_progress_token();
        let started = Instant::now();
        let mut last_progress = Instant::now();
        loop {
            match self.gw.gate.store().approval_get(approval).await {
                Ok(Some(a)) if a.status == ApprovalStatus::Granted => return true,
                Ok(Some(a)) if a.status != ApprovalStatus::Pending => return false,
                Ok(Some(_)) => {}
                _ => return false,
            }
            if started.elapsed() >= wait {
                return false;
            }
            if let Some(t) = &token
                && last_progress.elapsed() >= Duration::from_secs(1)
            {
                last_progress = Instant::now();
                let p = ProgressNotificationParam::new(t.clone(), started.elapsed().as_secs_f64())
                    .with_total(wait.as_secs_f64())
                    .with_message(format!(
                        "waiting for a human to approve {name} (approval {approval})"
                    ));
                let _ = context.peer.notify_progress(p).await;
            }
            tokio::select! {
                () = tokio::time::sleep(Duration::from_millis(200)) => {}
                () = context.ct.cancelled() => return false,
            }
        }
    }

    async fn run_meta(
        &self,
        name: &str,
        args: &Value,
        conversation: &str,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        let meta = &self.gw.meta;
        let out = match name {
            "acquire_capability" => match str_arg(args, "need") {
                None => Err("acquire_capability needs `need`, a non-empty string".to_owned()),
                Some(need) => {
                    let pick = meta
                        .acquire(
                            need.to_owned(),
                            str_arg(args, "workspace").map(str::to_owned),
                        )
                        .await;
                    let index = self.gw.runtime.index();
                    let sel = self.gw.selector.select(conversation, &index, Some(need));
                    if self.visible.set_shown(&sel.shown) {
                        let _ = context.peer.notify_tool_list_changed().await;
                    }
                    pick.map(|mut v| {
                        if let Some(o) = v.as_object_mut() {
                            o.insert("mcpToolsAdded".into(), json!(sel.added));
                        }
                        v
                    })
                }
            },
            "install_capability" => match str_arg(args, "name") {
                None => Err("install_capability needs `name`, a non-empty string".to_owned()),
                Some(n) => meta.install(n.to_owned()).await,
            },
            "find_connector" => match str_arg(args, "query") {
                None => Err("find_connector needs `query`, a non-empty string".to_owned()),
                Some(q) => {
                    let limit = args
                        .get("limit")
                        .and_then(Value::as_u64)
                        .map_or(5, |l| l.clamp(1, 50) as usize);
                    meta.find_connector(q, limit)
                }
            },
            _ => Ok(meta.list_connector_categories()),
        };
        match out {
            Ok(v) => CallToolResult::structured(v),
            Err(e) => error_result(e),
        }
    }
}

impl ServerHandler for GatewaySession {
    // Logging is deprecated by SEP-2577 but still negotiated by clients
    // on 2025-11-25, and the conformance suite checks it.
    #[allow(deprecated)]
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_logging().enable_tools().enable_tool_list_changed().build())
            .with_server_info(Implementation::new("hivegate", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "hivegate gates every tool call. Call acquire_capability with what you need to find \
                 the right connector, skill or tool; matching upstream tools are then added to your list.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let conversation = self.conversation_of(&context);
        let query = match context.meta.get(META_CONTEXT) {
            Some(Value::String(s)) => Some(s.clone()),
            Some(v @ Value::Array(_)) => serde_json::from_value::<Vec<Message>>(v.clone())
                .ok()
                .map(|m| query_from_messages(&m)),
            _ => None,
        };
        let index = self.gw.runtime.index();
        let shown = self.select(&conversation, &index, query.as_deref()).await;
        let mut tools = meta_tool_list();
        if let Some(p) = &self.gw.config.permissions {
            tools.retain(|t| p.is_allowed(&t.name));
        }
        tools.extend(shown.iter().filter_map(|n| index.get(n)).map(upstream_tool));
        Ok(ListToolsResult::with_all_items(tools))
    }

    /// Accepted so clients that set a level work; the gateway sends no log
    /// notifications of its own yet (its logs go to its operator).
    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        tracing::debug!(level = ?request.level, session = self.id, "client set its log level");
        Ok(())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = Value::Object(request.arguments.unwrap_or_default());
        let round = (request.input_responses, request.request_state);
        Ok(self.call(&request.name, args, round, &context).await)
    }

    /// Clients on protocol 2026-07-28 have no session to be notified on;
    /// they open `subscriptions/listen` for `tools/list_changed`.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        (requested.tools_list_changed == Some(true))
            .then(|| SubscriptionFilter::builder().tools_list_changed().build())
    }

    /// Sends `tools/list_changed` on the subscription whenever the upstream
    /// tools its conversation would be shown change, until it is cancelled.
    async fn listen(&self, sub: SubscriptionContext) -> Result<(), ErrorData> {
        let conversation = self.conversation_of(sub.request_context());
        let mut rx = self.gw.runtime.subscribe();
        let shown_now = || {
            self.gw
                .selector
                .select(&conversation, &self.gw.runtime.index(), None)
                .shown
        };
        let mut shown = shown_now();
        loop {
            tokio::select! {
                () = sub.cancelled() => return Ok(()),
                changed = rx.changed() => {
                    if changed.is_err() {
                        return Ok(());
                    }
                    let now = shown_now();
                    if now != shown {
                        shown = now;
                        let note = ServerNotification::ToolListChangedNotification(
                            ToolListChangedNotification::default(),
                        );
                        if sub.sink().send(note).await.is_err() {
                            return Ok(());
                        }
                    }
                }
            }
        }
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let _ = self.peer.set(context.peer.clone());
        watch_tool_list(&self.gw, Arc::downgrade(&self.visible), context.peer);
    }
}

/// Sends `notifications/tools/list_changed` to one client whenever the
/// upstream tools it would be shown change; ends with the session.
fn watch_tool_list(gw: &Arc<Gateway>, visible: std::sync::Weak<Visible>, peer: Peer<RoleServer>) {
    let gw = Arc::downgrade(gw);
    let Some(mut rx) = gw.upgrade().map(|g| g.runtime.subscribe()) else {
        return;
    };
    tokio::spawn(async move {
        while rx.changed().await.is_ok() {
            let (Some(g), Some(v)) = (gw.upgrade(), visible.upgrade()) else {
                break;
            };
            let index = g.runtime.index();
            let now = g.selector.select(&v.conversation(), &index, None).shown;
            if v.set_shown(&now) && peer.notify_tool_list_changed().await.is_err() {
                break;
            }
        }
    });
}
