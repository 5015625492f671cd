import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Visitors' pages, inside the header and footer.
  layout("routes/public/layout.tsx", { id: "public" }, [
    index("routes/public/home.tsx"),

    // About Us

    // Community

    // Archive
    route("archive/rule", "routes/public/archive/rule.tsx"),
    route("archive/odaeho", "routes/public/archive/odaeho.tsx"),
    route("archive/calendar", "routes/public/archive/calendar.tsx"),
    route("archive/calendartest", "routes/public/archive/calendartest.tsx"),

    // Join and other public pages

    // Every other address answers the 404 page with status 404.
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Administrators' area

  // Resource routes (files, feeds, endpoints)
  route("rules/:fileName", "routes/resources/rule-file.ts"),
  route("calendar.ics", "routes/resources/calendar-ics.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("api/page-views", "routes/resources/page-views.ts"),
] satisfies RouteConfig;
