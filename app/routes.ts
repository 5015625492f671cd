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

  // Resource routes (files, feeds, endpoints)
] satisfies RouteConfig;
