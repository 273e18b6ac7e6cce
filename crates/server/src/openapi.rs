//! The OpenAPI 3.1 description of the API, served at `/api/openapi.json`.

use axum::Json;
use serde_json::{Value, json};

fn error_ref() -> Value {
    json!({"description": "an error with a stable code", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn ok(schema: Value) -> Value {
    json!({"description": "OK", "content": {"application/json": {"schema": schema}}})
}

fn body(schema: &str) -> Value {
    json!({"required": true, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}})
}

/// The errors every JSON-body route may answer, merged with its own.
fn with_body_errors(mut responses: Value) -> Value {
    if let Some(map) = responses.as_object_mut() {
        for code in ["400", "413", "415", "422"] {
            map.entry(code).or_insert_with(error_ref);
        }
    }
    responses
}

/// A name: 1 to 256 characters, no control characters.
fn name_schema() -> Value {
    json!({"type": "string", "minLength": 1, "maxLength": 256, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]+$"})
}

/// A name that may also be left out or null.
fn optional_name_schema() -> Value {
    json!({"anyOf": [name_schema(), {"type": "null"}]})
}

fn id_param() -> Value {
    json!([{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}])
}

pub async fn document() -> Json<Value> {
    let admin = json!([{"adminToken": []}]);
    Json(json!({
        "openapi": "3.1.0",
        "info": {"title": "hivegate", "version": env!("CARGO_PKG_VERSION"),
                 "description": "The capability gateway for AI agents: one gate for every tool call."},
        "paths": {
            "/health": {"get": {"summary": "Liveness", "responses": {"200": ok(json!({"type": "object"}))}}},
            "/api/gate/decide": {"post": {
                "summary": "Decide one tool call; a confirm opens an approval request",
                "requestBody": body("DecideRequest"),
                "responses": with_body_errors(json!({"200": ok(json!({"$ref": "#/components/schemas/Decision"})), "503": error_ref()}))}},
            "/api/approvals": {"get": {
                "summary": "List approval requests", "security": admin,
                "parameters": [{"name": "status", "in": "query", "schema": {"enum": ["pending", "granted", "denied", "redeemed", "expired", "all"]}},
                               {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 500}}],
                "responses": {"200": ok(json!({"type": "object"})), "400": error_ref(), "401": error_ref()}}},
            "/api/approvals/{id}/approve": {"post": {"summary": "Grant: returns a single-use token", "security": admin,
                "parameters": id_param(), "responses": {"200": ok(json!({"type": "object"})), "401": error_ref(), "404": error_ref(), "409": error_ref(), "410": error_ref()}}},
            "/api/approvals/{id}/deny": {"post": {"summary": "Deny", "security": admin,
                "parameters": id_param(), "responses": {"200": ok(json!({"type": "object"})), "401": error_ref(), "404": error_ref(), "409": error_ref()}}},
            "/api/approvals/{id}/redeem": {"post": {"summary": "Redeem a token for exactly the granted call, once",
                "parameters": id_param(), "requestBody": body("RedeemRequest"),
                "responses": with_body_errors(json!({"200": ok(json!({"type": "object"})), "403": error_ref(), "404": error_ref(), "409": error_ref(), "410": error_ref()}))}},
            "/api/tier": {
                "get": {"summary": "The tier in force", "responses": {"200": ok(json!({"type": "object"}))}},
                "put": {"summary": "Set the tier", "security": admin, "requestBody": body("TierRequest"),
                        "responses": with_body_errors(json!({"200": ok(json!({"type": "object"})), "401": error_ref()}))}},
            "/api/audit": {"get": {"summary": "One page of the audit, oldest first", "security": admin,
                "parameters": [{"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 9007199254740991i64}},
                               {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000}}],
                "responses": {"200": ok(json!({"type": "object"})), "400": error_ref(), "401": error_ref()}}},
            "/api/admin/overview": {"get": {"summary": "Counts of decisions, approvals and audit rows (TEAMS)", "security": admin,
                "responses": {"200": ok(json!({"type": "object"})), "401": error_ref(), "403": {"description": "TIER_INSUFFICIENT", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TierInsufficient"}}}}}}},
            "/api/marketplace/agent-search": {"post": {"summary": "Agent-pick: one connector, skill, tool and MCP server for a need, each with a why (audited)",
                "requestBody": body("AgentSearchRequest"),
                "responses": with_body_errors(json!({"200": ok(json!({"type": "object", "required": ["need", "candidates", "recommendation", "groupedByKind", "gapDetected", "alreadyHandled"]})), "503": error_ref()}))}},
            "/api/marketplace/search": {"get": {"summary": "Marketplace full-text search with facets and per-workspace installed flags",
                "parameters": [{"name": "q", "in": "query", "schema": {"type": "string", "maxLength": 1000}},
                               {"name": "types", "in": "query", "schema": {"type": "string"}},
                               {"name": "categories", "in": "query", "schema": {"type": "string"}},
                               {"name": "sources", "in": "query", "schema": {"type": "string"}},
                               {"name": "workspace", "in": "query", "schema": name_schema()},
                               {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 200}},
                               {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 100000}}],
                "responses": {"200": ok(json!({"type": "object"})), "400": error_ref()}}},
            "/api/embedding/status": {"get": {"summary": "The embedding provider in force, and why if it fell back to BM25",
                "responses": {"200": ok(json!({"type": "object"})), "503": error_ref()}}},
            "/api/embedding/provider": {"post": {"summary": "Choose the embedding provider (validated, tier-gated; EMBEDDING_PROVIDER wins)", "security": admin,
                "requestBody": body("ProviderRequest"),
                "responses": with_body_errors(json!({"200": ok(json!({"type": "object"})), "401": error_ref(), "503": error_ref(),
                    "403": {"description": "TIER_INSUFFICIENT", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TierInsufficient"}}}}}))}},
            "/api/mcps": {"get": {"summary": "Upstream MCP servers with state, pid, health and tools, and the autonomy and tool filter in force for gateway calls; checks .mcp.json's signature on the way",
                "responses": {"200": ok(json!({"type": "object", "required": ["servers", "toolCount"]})), "503": error_ref()}}},
            "/api/mcps/reload": {"post": {"summary": "Re-read .mcp.json: removed servers stop, changed ones restart if they ran, added ones register stopped", "security": admin,
                "responses": {"200": ok(json!({"type": "object"})), "400": error_ref(), "401": error_ref(), "503": error_ref()}}},
            "/api/mcps/{name}/{action}": {"post": {"summary": "start, stop, restart or health-check one upstream server", "security": admin,
                "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
                               {"name": "action", "in": "path", "required": true, "schema": {"enum": ["start", "stop", "restart", "health"]}}],
                "responses": {"200": ok(json!({"type": "object"})), "401": error_ref(), "404": error_ref(), "502": error_ref(), "503": error_ref()}}},
            "/api/capabilities/status": {"get": {"summary": "What this hivegate can do now: plugins, MCP servers, skills, tool counts, commands, hooks, workflows",
                "responses": {"200": ok(json!({"type": "object", "required": ["plugins", "mcpServers", "skills", "tools"]}))}}},
            "/api/admin/audit-export": {"post": {"summary": "The whole audit as JSONL (TEAMS)", "security": admin,
                "responses": {"200": {"description": "JSONL", "content": {"application/x-ndjson": {}}}, "401": error_ref(), "403": error_ref()}}}
        },
        "components": {
            "securitySchemes": {"adminToken": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {"type": "object", "required": ["error", "message"],
                          "properties": {"error": {"type": "string"}, "message": {"type": "string"}}},
                "TierInsufficient": {"type": "object", "required": ["error", "message", "required", "actual", "upgradeUrl"],
                          "properties": {"error": {"const": "TIER_INSUFFICIENT"}, "message": {"type": "string"},
                                         "required": {"type": "string"}, "actual": {"type": "string"}, "upgradeUrl": {"type": "string"}}},
                "Autonomy": {"type": "object", "required": ["level"], "additionalProperties": false,
                          "properties": {"level": {"enum": ["normal", "trusted", "yolo"]}, "expiresAt": {"type": ["integer", "null"]}}},
                "DecideRequest": {"type": "object", "required": ["tool"], "additionalProperties": false,
                          "properties": {"tool": name_schema(), "args": {"type": "object"}, "session": optional_name_schema(),
                                         "workspace": optional_name_schema(),
                                         "autonomy": {"anyOf": [{"$ref": "#/components/schemas/Autonomy"}, {"type": "null"}]}}},
                "Decision": {"type": "object", "required": ["decision", "approval_class", "critical", "reasons", "rule", "autonomy"],
                          "properties": {"decision": {"enum": ["auto", "confirm", "deny"]}, "approval_class": {"enum": ["standard", "elevated", "critical"]},
                                         "critical": {"type": "boolean"}, "reasons": {"type": "array", "items": {"type": "string"}},
                                         "rule": {"type": ["string", "null"]}, "autonomy": {"enum": ["normal", "trusted", "yolo"]},
                                         "auto_approved": {"enum": ["trusted", "yolo"]}, "approval_id": {"type": "string"}, "step": {"type": "string"}}},
                "RedeemRequest": {"type": "object", "required": ["token", "tool"], "additionalProperties": false,
                          "properties": {"token": {"type": "string"}, "tool": {"type": "string"}, "args": {"type": "object"}, "session": {"type": "string"}}},
                "AgentSearchRequest": {"type": "object", "required": ["need"], "additionalProperties": false,
                          "properties": {"need": {"type": "string", "minLength": 1, "pattern": "\\S"}, "workspace": optional_name_schema()}},
                "ProviderRequest": {"type": "object", "required": ["provider"], "additionalProperties": false,
                          "properties": {"provider": {"enum": ["auto", "local", "ollama", "openai", "hash"]}}},
                "TierRequest": {"type": "object", "required": ["tier"], "additionalProperties": false,
                          "properties": {"tier": {"enum": ["FREE", "PRO", "TEAMS", "ENTERPRISE", "TRIAL"]}}}
            }
        }
    }))
}
