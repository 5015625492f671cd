import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Visitors' pages, inside the header and footer.
  layout("routes/public/layout.tsx", { id: "public" }, [
    index("routes/public/home.tsx"),

    // About Us

    // Community

    // Archive

    // Join and other public pages

    // Every other address answers the 404 page with status 404.
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Administrators' area
  route("admin/login", "routes/admin/login.tsx"),
  // Every route inside this layout is refused without a session by the layout's middleware.
  route("admin", "routes/admin/layout.tsx", { id: "admin" }, [
    index("routes/admin/dashboard.tsx"),
    ...[
      "manage-posts",
      "manage-main-activity",
      "manage-courses",
      "manage-feed",
      "manage-odaeho",
      "manage-rule",
      "manage-calendar",
      "manage-admissions",
      "manage-leaders",
      "manage-organization",
    ].map((page) => route(page, "routes/admin/content-page.tsx", { id: `admin/${page}` })),
    route("manage-password", "routes/admin/manage-password.tsx"),
    route("manual", "routes/admin/manual.tsx"),
    route("sign-out", "routes/admin/sign-out.ts"),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  // Resource routes (files, feeds, endpoints)
] satisfies RouteConfig;
