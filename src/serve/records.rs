//! `/api/records`: list, read, save, open, rename, delete, export and
//! import game records. Names are only keys in the store (never file
//! paths); names starting with `@` are reserved.

use super::error::{ApiError, ApiResult, Body};
use super::state::{blocking, session_error, store_error, AppState};
use super::view::{game_view, GameView};
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hypertac_core::record::{result_text, Record};
use hypertac_store::{validate_name, Summary};
use serde::{Deserialize, Serialize};

/// The records routes (relative to `/api`).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/records", get(list).post(save))
        // A record may be named "import": GET and DELETE reach it here.
        .route(
            "/records/import",
            post(import)
                .get(|app| read(app, Path("import".to_string())))
                .delete(|app| delete(app, Path("import".to_string()))),
        )
        .route("/records/{name}", get(read).delete(delete))
        .route("/records/{name}/open", post(open))
        .route("/records/{name}/rename", post(rename))
        .route("/records/{name}/export", get(export))
}

/// One line of the records list.
#[derive(Serialize)]
struct SummaryView {
    name: String,
    rules: String,
    /// The game as players name it ("Qubic"), as `hypertac records list`.
    game_name: String,
    players: String,
    moves: u64,
    result: String,
    created_ms: i64,
    updated_ms: i64,
}

impl From<Summary> for SummaryView {
    fn from(s: Summary) -> SummaryView {
        SummaryView {
            name: s.name,
            game_name: crate::words::game_name_of_rules_text(&s.rules),
            rules: s.rules,
            players: s.players,
            moves: s.moves,
            result: s.result,
            created_ms: s.created_ms,
            updated_ms: s.updated_ms,
        }
    }
}

fn user_name(name: &str) -> ApiResult<()> {
    validate_name(name).map_err(|e| ApiError::bad_request(e.to_string()))
}

async fn list(State(app): State<AppState>) -> ApiResult<Json<Vec<SummaryView>>> {
    app.with_session(move |session, _| {
        let store = session
            .store()
            .ok_or_else(|| ApiError::internal("no record store"))?;
        let all = store.list().map_err(store_error)?;
        Ok(Json(
            all.into_iter()
                .filter(|s| !s.name.starts_with('@'))
                .map(SummaryView::from)
                .collect(),
        ))
    })
    .await
}

/// A record with what the replay stepper needs.
#[derive(Serialize)]
struct RecordView {
    name: String,
    record: Record,
    /// The rules as text.
    rules: String,
    /// The game's name as players say it ("Connect Four").
    game_name: String,
    /// The deciding lines of a won game.
    win_lines: Vec<Vec<String>>,
    result: String,
}

async fn read(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<RecordView>> {
    user_name(&name)?;
    let key = name.clone();
    let record = app
        .with_session(move |session, _| {
            let store = session
                .store()
                .ok_or_else(|| ApiError::internal("no record store"))?;
            store.get(&key).map_err(store_error)
        })
        .await?;
    blocking(move || {
        let pos = record
            .replay()
            .map_err(|e| ApiError::conflict(format!("record {name:?} does not replay: {e}")))?;
        let win_lines = crate::session::win_lines_text(&pos);
        Ok(Json(RecordView {
            rules: pos.rules().to_string(),
            game_name: crate::words::game_name(pos.rules()),
            result: result_text(pos.outcome()),
            name,
            record,
            win_lines,
        }))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveRequest {
    name: String,
    #[serde(default)]
    force: bool,
}

#[derive(Serialize)]
struct Named {
    name: String,
}

async fn save(
    State(app): State<AppState>,
    Body(req): Body<SaveRequest>,
) -> ApiResult<(StatusCode, Json<Named>)> {
    user_name(&req.name)?;
    app.with_session(move |session, _| {
        session.save(&req.name, req.force).map_err(session_error)?;
        Ok((StatusCode::CREATED, Json(Named { name: req.name })))
    })
    .await
}

async fn open(State(app): State<AppState>, Path(name): Path<String>) -> ApiResult<Json<GameView>> {
    user_name(&name)?;
    app.stop_thinking();
    app.with_session(move |session, app| {
        session.load(&name).map_err(session_error)?;
        Ok(Json(game_view(session, app.is_thinking())))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenameRequest {
    to: String,
    #[serde(default)]
    force: bool,
}

async fn rename(
    State(app): State<AppState>,
    Path(name): Path<String>,
    Body(req): Body<RenameRequest>,
) -> ApiResult<Json<Named>> {
    user_name(&name)?;
    user_name(&req.to)?;
    app.with_session(move |session, _| {
        let store = session
            .store_mut()
            .ok_or_else(|| ApiError::internal("no record store"))?;
        store
            .rename(&name, &req.to, req.force)
            .map_err(store_error)?;
        Ok(Json(Named { name: req.to }))
    })
    .await
}

async fn delete(State(app): State<AppState>, Path(name): Path<String>) -> ApiResult<Json<Named>> {
    user_name(&name)?;
    app.with_session(move |session, _| {
        let store = session
            .store_mut()
            .ok_or_else(|| ApiError::internal("no record store"))?;
        store.delete(&name).map_err(store_error)?;
        Ok(Json(Named { name }))
    })
    .await
}

async fn export(State(app): State<AppState>, Path(name): Path<String>) -> ApiResult<Response> {
    user_name(&name)?;
    let key = name.clone();
    let record = app
        .with_session(move |session, _| {
            let store = session
                .store()
                .ok_or_else(|| ApiError::internal("no record store"))?;
            store.get(&key).map_err(store_error)
        })
        .await?;
    let file: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{file}.json\""))
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let mut response = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        record.to_json(),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_DISPOSITION, disposition);
    Ok(response)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    name: String,
    record: serde_json::Value,
    #[serde(default)]
    force: bool,
}

async fn import(
    State(app): State<AppState>,
    Body(req): Body<ImportRequest>,
) -> ApiResult<(StatusCode, Json<Named>)> {
    user_name(&req.name)?;
    let text = req.record.to_string();
    let record = blocking(move || {
        let record = Record::from_json(&text).map_err(|e| ApiError::bad_request(e.to_string()))?;
        record
            .replay()
            .map_err(|e| ApiError::bad_request(format!("the record does not replay: {e}")))?;
        crate::session::check_players(&record).map_err(ApiError::bad_request)?;
        Ok(record)
    })
    .await?;
    app.with_session(move |session, _| {
        let store = session
            .store_mut()
            .ok_or_else(|| ApiError::internal("no record store"))?;
        store
            .put(&req.name, &record, req.force)
            .map_err(store_error)?;
        Ok((StatusCode::CREATED, Json(Named { name: req.name })))
    })
    .await
}
