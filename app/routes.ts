import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Every other address answers the 404 page with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
