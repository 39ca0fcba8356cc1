import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api-client.ts";
import { type ConfirmDeleteOptions, useConfirmDelete } from "./use-confirm-delete.ts";

const confirm = vi.fn<(options: unknown) => Promise<boolean>>();
const toast = vi.fn();
vi.mock("#app/components/ui/confirm-dialog.tsx", () => ({ useConfirm: () => confirm }));
vi.mock("#app/components/ui/toast.tsx", () => ({ useToast: () => toast }));

type Item = { id: string; name: string };
const item: Item = { id: "7", name: "Skyforge" };

/** The hook as a section would hold it, with a delete call that answers as told. */
function render(overrides: Partial<ConfirmDeleteOptions<Item>> = {}) {
  const mutateAsync = vi.fn<(id: string) => Promise<unknown>>().mockResolvedValue(undefined);
  const onDeleted = vi.fn();
  let hook: ReturnType<typeof useConfirmDelete<Item>> | undefined;
  function Probe() {
    hook = useConfirmDelete<Item>({
      mutation: { mutateAsync, isPending: false },
      question: (target) => ({ title: `Delete ${target.name}?`, description: "Sure?" }),
      deleted: (target) => ({ title: "Deleted", description: `${target.name} is gone.` }),
      failed: () => "Failed to delete.",
      onDeleted,
      ...overrides,
    });
    return null;
  }
  renderToString(<Probe />);
  if (!hook) throw new Error("the hook did not run");
  return { hook, mutateAsync, onDeleted };
}

beforeEach(() => {
  confirm.mockReset();
  toast.mockReset();
});

describe("useConfirmDelete", () => {
  it("asks first, naming the item, with a red Delete button", async () => {
    confirm.mockResolvedValue(false);
    const { hook, mutateAsync } = render();
    await hook.confirmAndDelete(item);
    expect(confirm).toHaveBeenCalledWith({
      title: "Delete Skyforge?",
      description: "Sure?",
      confirmLabel: "Delete",
      destructive: true,
    });
    // Cancelled: nothing is deleted and nothing is said.
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it("takes another label for the confirm button", async () => {
    confirm.mockResolvedValue(false);
    const { hook } = render({
      question: () => ({ title: "Remove?", description: "Sure?", confirmLabel: "Remove" }),
    });
    await hook.confirmAndDelete(item);
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ confirmLabel: "Remove" }));
  });

  it("deletes by id once confirmed, then says so", async () => {
    confirm.mockResolvedValue(true);
    const { hook, mutateAsync, onDeleted } = render();
    await hook.confirmAndDelete(item);
    expect(mutateAsync).toHaveBeenCalledWith("7");
    expect(toast).toHaveBeenCalledWith({ title: "Deleted", description: "Skyforge is gone." });
    expect(onDeleted).toHaveBeenCalledWith(item);
  });

  it("says what went wrong when the delete fails", async () => {
    confirm.mockResolvedValue(true);
    const failure = new ApiError(500, "Internal Server Error", "", { message: "Boom" });
    const failed = vi.fn(() => "Failed to delete.");
    const { hook, mutateAsync, onDeleted } = render({ failed });
    mutateAsync.mockRejectedValue(failure);
    await hook.confirmAndDelete(item);
    expect(failed).toHaveBeenCalledWith(failure);
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Failed to delete.",
      variant: "destructive",
    });
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("says nothing of its own when the session has ended (401)", async () => {
    confirm.mockResolvedValue(true);
    const { hook, mutateAsync } = render();
    mutateAsync.mockRejectedValue(new ApiError(401, "Unauthorized", "", null));
    await hook.confirmAndDelete(item);
    expect(toast).not.toHaveBeenCalled();
  });
});
