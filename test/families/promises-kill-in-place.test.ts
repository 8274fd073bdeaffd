// A post of every other family killed with SIGKILL, run again in place (test/families/kill.ts).
import { killedPosts } from "./kill";

killedPosts("--in-place");
