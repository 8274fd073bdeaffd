// Builds the add-in: the task pane (taskpane.html, which also runs the DOCSHEET worksheet functions:
// a shared runtime), the functions' metadata (functions.json from the JSDoc of
// src/functions/excel.ts, functions-th.json in Thai) and script (functions.js, the name the manifest
// gives), the ribbon's function file (commands.html), the
// preview page with an in-browser grid (preview.html) and a help page; copies assets/ and
// manifest.xml. `npm run build` (production) rewrites https://localhost:3000/ in the manifest to
// ADDIN_PUBLIC_URL (default https://docsheet.example/, see scripts/public-url.js).
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { publicUrl, rewriteManifest } = require("./scripts/public-url");
const { thaiFunctionsMetadata } = require("./scripts/functions-metadata");

const DEV_PORT = 3000;

function page(name, chunks) {
  return new HtmlWebpackPlugin({
    filename: `${name}.html`,
    template: `./src/taskpane/pages/${name}.html`,
    chunks,
    scriptLoading: "defer",
  });
}

/** The add-in's TypeScript compiled by SWC to ES2022, with Preact's automatic JSX runtime (tsconfig.json). */
function swcRule(test, tsx) {
  return {
    test,
    exclude: /node_modules/,
    use: {
      loader: "swc-loader",
      options: {
        swcrc: false,
        jsc: { parser: { syntax: "typescript", tsx }, target: "es2022", transform: { react: { runtime: "automatic", importSource: "preact" } } },
        // ES modules let webpack shake unused code out.
        module: { type: "es6" },
      },
    },
  };
}

module.exports = (env = {}, argv = {}) => {
  const production = argv.mode === "production";
  const target = production ? publicUrl(process.env) : null;
  return {
    mode: production ? "production" : "development",
    devtool: production ? "source-map" : "eval-cheap-module-source-map",
    entry: {
      taskpane: ["./src/taskpane/main.tsx", "./src/functions/excel.ts"],
      functions: "./src/functions/excel.ts",
      commands: "./src/taskpane/commands.ts",
      preview: "./src/taskpane/preview/main.tsx",
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      // functions.js keeps its name: the manifest names it.
      filename: (data) => (production && data.chunk?.name !== "functions" ? "[name].[contenthash:8].js" : "[name].js"),
      clean: true,
    },
    resolve: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    module: {
      rules: [
        // SWC (swc-loader), file by file as tsconfig's isolatedModules allows: about half the CPU
        // of ts-loader's transpileOnly; tsc -p . does the type-checking. .ts files are parsed without
        // JSX, so a generic arrow or an angle-bracket cast stays what it is.
        swcRule(/\.ts$/, false),
        swcRule(/\.tsx$/, true),
      ],
    },
    // exceljs's browser build is only loaded on demand by the preview page (open an .xlsx).
    performance: { hints: false },
    plugins: [
      page("taskpane", ["taskpane"]),
      page("commands", ["commands"]),
      page("preview", ["preview"]),
      page("help", []),
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/excel.ts" }),
      thaiFunctionsMetadata(),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            ...(production ? { transform: (content) => rewriteManifest(content.toString(), target) } : {}),
          },
        ],
      }),
    ],
    devServer: {
      port: DEV_PORT,
      host: "localhost",
      server: "https",
      hot: false,
      liveReload: true,
      headers: { "Access-Control-Allow-Origin": "*" },
      static: false,
      client: { overlay: { warnings: false, errors: true } },
    },
  };
};
