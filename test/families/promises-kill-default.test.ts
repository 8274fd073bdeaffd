// A post of every other family killed with SIGKILL, run again with the default output (test/families/kill.ts).
import { killedPosts } from "./kill";

killedPosts("default output");
