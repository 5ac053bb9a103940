import "server-only";
import { Prisma } from "@/generated/prisma/client";

/** A write refused by a unique constraint (a primary key or a unique column already taken). */
export const isUniqueViolation = (err: unknown): boolean =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";

/** An update or delete that found no row to change. */
export const isRecordNotFound = (err: unknown): boolean =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025";

/** A write refused by a foreign key (the row it points at is gone). */
export const isForeignKeyViolation = (err: unknown): boolean =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2003";
