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

    // Archive

    // Join and other public pages
    route("join", "routes/public/join/index.tsx"),
    route("join/who_we_want", "routes/public/join/who-we-want.tsx"),
    route("game", "routes/public/game.tsx"),

    // Every other address answers the 404 page with status 404.
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Administrators' area

  // Resource routes (files, feeds, endpoints)
  route("brand/logo-mark.svg", "routes/brand/logo-mark-svg.ts"),
  route("brand/logo-mark.png", "routes/brand/logo-mark-png.ts"),
] satisfies RouteConfig;
