//! The runtime both load drivers run on: one worker per core, as the bot has on this
//! machine (two), rather than whatever else a default would pick.

/// Builds the drivers' multi-threaded runtime, one worker per core.
pub fn multi_thread() -> std::io::Result<tokio::runtime::Runtime> {
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
}
