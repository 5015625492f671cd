import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Visitors' pages, inside the header and footer.
  layout("routes/public/layout.tsx", { id: "public" }, [
    index("routes/public/home.tsx"),

    // About Us

    // Community
    route("community/media", "routes/public/community/media.tsx"),
    route("community/media/:id", "routes/public/community/article.tsx"),
    route("community/activity/main", "routes/public/community/activities.tsx"),
    route("community/activity/courses", "routes/public/community/courses.tsx"),
    route("community/feed", "routes/public/community/feed.tsx"),

    // Archive

    // Join and other public pages

    // Every other address answers the 404 page with status 404.
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Administrators' area

  // Resource routes (files, feeds, endpoints)
  route("rss.xml", "routes/resources/rss.ts"),
] satisfies RouteConfig;
