// Every route module of the service, mounted in one place.
import type { Api, ServiceContext } from "../http/context";

export function registerRoutes(api: Api, ctx: ServiceContext): void {
  void api;
  void ctx;
}
