// Imported first by the process entry: React and the router pick their development or production
// build when they are loaded, so NODE_ENV must be set before anything imports them.
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
