//! `hypertac serve`: the local web page and its JSON API.
//!
//! The server binds 127.0.0.1 by default (any free port with `--port 0`),
//! prints its address as the first line of standard output and serves
//! the embedded page ([`assets`]) and the API ([`api`], documented in
//! docs/serve.md). Requests whose Host or Origin is not the server's own
//! are refused ([`security`]). The game in progress is the `@current`
//! record of the same store `hypertac play` uses.

mod analysis;
mod api;
mod assets;
mod error;
mod records;
mod security;
mod state;
mod values;
mod view;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use api::router;
use state::AppState;

/// Arguments of the subcommand.
#[derive(clap::Args, Debug, Default)]
pub struct ServeArgs {
    /// Address to listen on; 127.0.0.1 unless given. Any other address
    /// makes the page reachable from other machines (a warning is printed).
    #[arg(long)]
    pub host: Option<String>,
    /// Port to listen on; 0 picks any free port.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &ServeArgs) -> i32 {
    let ip: IpAddr = match args.host.as_deref() {
        None => IpAddr::V4(Ipv4Addr::LOCALHOST),
        Some(text) => match text.trim().trim_matches(['[', ']']).parse() {
            Ok(ip) => ip,
            Err(_) if text.trim().eq_ignore_ascii_case("localhost") => {
                IpAddr::V4(Ipv4Addr::LOCALHOST)
            }
            Err(_) => {
                eprintln!("error: --host {text:?} is not an IP address (e.g. 127.0.0.1 or ::1)");
                return 2;
            }
        },
    };
    let state = match AppState::open_default() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return 1;
        }
    };
    runtime.block_on(serve(SocketAddr::new(ip, args.port), state))
}

async fn serve(addr: SocketAddr, state: AppState) -> i32 {
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {addr}: {e}");
            return 1;
        }
    };
    let local = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let state = state.with_address(local);
    let url = security::base_url(local);
    {
        let mut out = std::io::stdout().lock();
        if writeln!(out, "{url}").and_then(|_| out.flush()).is_err() {
            return 1;
        }
    }
    if !local.ip().is_loopback() {
        eprintln!(
            "warning: listening on {local}, not a loopback address: anyone who can reach \
             this machine can play and read your records"
        );
    }
    eprintln!("serving hypertac on {url} (Ctrl-C to stop)");
    let app = router(state);
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
    {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
