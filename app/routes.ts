import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Visitors' pages, inside the header and footer.
  layout("routes/public/layout.tsx", { id: "public" }, [
    index("routes/public/home.tsx"),

    // About Us
    route("about", "routes/public/about/index.tsx"),
    route("about/organization", "routes/public/about/organization.tsx"),
    route("about/ci", "routes/public/about/ci.tsx"),
    route("about/contact", "routes/public/about/contact.tsx"),

    // Community
    route("community/media", "routes/public/community/media.tsx"),
    route("community/media/:id", "routes/public/community/article.tsx"),
    route("community/media/:id/preview", "routes/public/community/article-preview.tsx"),
    route("community/activity/main", "routes/public/community/activities.tsx"),
    route("community/activity/courses", "routes/public/community/courses.tsx"),
    route("community/feed", "routes/public/community/feed.tsx"),

    // Archive
    route("archive/rule", "routes/public/archive/rule.tsx"),
    route("archive/odaeho", "routes/public/archive/odaeho.tsx"),
    route("archive/calendar", "routes/public/archive/calendar.tsx"),
    route("archive/calendartest", "routes/public/archive/calendartest.tsx"),

    // Join and other public pages
    route("join", "routes/public/join/index.tsx"),
    route("join/who_we_want", "routes/public/join/who-we-want.tsx"),
    route("game", "routes/public/game.tsx"),

    // Every other address answers the 404 page with status 404.
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Managers' area
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/verify", "routes/admin/login-verify.tsx"),
  route("admin/login/passkey", "routes/admin/login-passkey.ts"),
  // One-time links a manager makes for someone who cannot sign in: the link is the permission.
  route("admin/invite/:token", "routes/admin/invite.tsx"),
  route("admin/reset-password/:token", "routes/admin/reset-password.tsx"),
  // Every route inside this layout is refused without a session by the layout's middleware.
  route("admin", "routes/admin/layout.tsx", { id: "admin" }, [
    index("routes/admin/dashboard.tsx"),
    // The first manager's setup of a site of its own (the dashboard leads here until it is done).
    route("setup", "routes/admin/setup.tsx"),
    route("manage-posts", "routes/admin/manage-posts.tsx"),
    route("manage-posts/new", "routes/admin/manage-posts-new.tsx"),
    route("manage-posts/:id", "routes/admin/manage-posts-edit.tsx"),
    route("manage-leaders", "routes/admin/manage-leaders.tsx"),
    route("manage-rule", "routes/admin/manage-rule.tsx"),
    route("manage-admissions", "routes/admin/manage-admissions.tsx"),
    route("manage-settings", "routes/admin/manage-settings.tsx"),
    route("manage-main-activity", "routes/admin/manage-main-activity.tsx"),
    route("manage-odaeho", "routes/admin/manage-odaeho.tsx"),
    route("manage-feed", "routes/admin/manage-feed.tsx"),
    route("manage-courses", "routes/admin/manage-courses.tsx"),
    route("manage-calendar", "routes/admin/manage-calendar.tsx"),
    route("manage-organization", "routes/admin/manage-organization.tsx"),
    route("manage-managers", "routes/admin/manage-managers.tsx"),
    // The outgoing owner's page for the yearly handover (owners only).
    route("handover", "routes/admin/handover.tsx"),
    route("files", "routes/admin/files.tsx"),
    route("backup", "routes/admin/backup.tsx"),
    // The backup archive as a download, and a restore from an uploaded one (decision 0032).
    route("backup/download", "routes/admin/backup-download.ts"),
    route("backup/restore", "routes/admin/backup-restore.ts"),
    // The article editor's autosaved copies (not content: no audit entry, no revision).
    route("api/autosave", "routes/admin/api/autosave.ts"),
    // Every admin write: one endpoint per content type (server/domain/content-types.ts).
    route("api/:type", "routes/admin/api/write.ts"),
    route("manage-password", "routes/admin/manage-password.tsx"),
    route("security", "routes/admin/security.tsx"),
    route("security/passkey", "routes/admin/security-passkey.ts"),
    route("manual", "routes/admin/manual.tsx"),
    route("sign-out", "routes/admin/sign-out.ts"),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  // Resource routes (files, feeds, endpoints)
  route("rss.xml", "routes/resources/rss.ts"),
  route("rules/:fileName", "routes/resources/rule-file.ts"),
  route("manuals/:file", "routes/resources/manual-file.ts"),
  route("calendar.ics", "routes/resources/calendar-ics.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-part.ts"),
  route("api/page-views", "routes/resources/page-views.ts"),
  route("api/web-vitals", "routes/resources/web-vitals.ts"),
  route("brand/logo-mark.svg", "routes/brand/logo-mark-svg.ts"),
  route("brand/logo-mark.png", "routes/brand/logo-mark-png.ts"),
  // Link-preview images (og:image), named by what they are made from.
  route("previews/:file", "routes/resources/preview-image.ts"),
  // Icons made from the club's mark (one module answers them all by name).
  route("favicon.ico", "routes/brand/icons.ts", { id: "favicon-ico" }),
  route("apple-touch-icon.png", "routes/brand/icons.ts", { id: "apple-touch-icon" }),
  route("brand/icons/:file", "routes/brand/icons.ts", { id: "app-icons" }),
  route("manifest.webmanifest", "routes/brand/web-manifest.ts"),
] satisfies RouteConfig;
