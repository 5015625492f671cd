import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    // Font subsets stay separate files: the browser fetches only the ones a page uses.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
  },
  environments: {
    // The server bundle's entry wraps React Router's build with the process's services.
    ssr: { build: { rolldownOptions: { input: "./server/http/page-handler.ts" } } },
  },
  plugins: [reactRouter()],
});
