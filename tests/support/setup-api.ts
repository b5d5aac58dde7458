import "@/shared/zod-config";
