// jest setupFiles: every test file runs with the guard against programs of the system.
import { guardSystemPrograms } from "./helpers/system-programs";

guardSystemPrograms();
