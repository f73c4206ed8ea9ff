import { useState } from "react";
import { Eye, Search, Trash2, UserRound } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { PLANS } from "@/lib/domain";
import { useAuth } from "@/shared/auth/auth-context";
import { AdminTable } from "./admin-table";
import { useDeleteUser } from "./api/delete-user";
import { USERS_CSV_FILENAME, useExportUsersCsv } from "./api/export-users-csv";
import { USERS_PAGE_SIZE, useUsers, type AdminUserRow } from "./api/get-users";
import { displayName, formatCount, formatDateTime } from "./format";
import { ExportCsvButton } from "./export-csv-button";
import { Pager } from "./list-controls";
import { SubscriptionBadge } from "./status-badges";
import { toastError } from "./toasts";
import { useDebouncedValue } from "./use-debounced-value";

export const SEARCH_DEBOUNCE_MS = 300;

function planName(planType: string) {
  return PLANS.find((p) => p.id === planType)?.name ?? planType;
}

/** A user without a plan of their own: a team's member or owner is on the team's plan (issue 46), not without one. */
const noOwnPlan = (u: Pick<AdminUserRow, "team">) => (u.team ? "Team plan seat" : "No subscription");

/** SPEC §2 Users tab: Export CSV and the users table, searched and paged on the server. */
export function UsersTab() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, isPlaceholderData } = useUsers({ page, q });
  const [viewing, setViewing] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const exportCsv = useExportUsersCsv();
  const pages = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;
  const users = data?.items ?? [];

  return (
    <Card>
      <CardHeader className="gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle>Users</CardTitle>
          <CardDescription>
            {data ? `${formatCount(data.total)} ${q ? "matching" : "in total"}` : "Everyone who has signed up"}
          </CardDescription>
        </div>
        <ExportCsvButton
          className="self-start"
          download={() => exportCsv.mutateAsync()}
          pending={exportCsv.isPending}
          filename={USERS_CSV_FILENAME}
          what="Users data"
        />
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="relative max-w-sm">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search users by email or name"
            placeholder="Search by email or name"
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {isLoading ? (
          <div className="py-10">
            <Spinner label="Loading users" />
          </div>
        ) : isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(error, "Failed to load users")}</AlertDescription>
          </Alert>
        ) : users.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{q ? `No users match “${q}”` : "No users yet"}</p>
        ) : (
          <AdminTable
            label="Users table"
            caption="Users, newest first"
            columns={["User", "Email", "Headshots", "Subscription", "Last Activity", "Joined", "Actions"]}
            className="min-w-[56rem]"
            busy={isPlaceholderData}
          >
            {users.map((u) => (
              <tr key={u.id} className="border-t">
                <th scope="row" className="px-3 py-2.5 text-left font-medium">
                  <span className="flex items-center gap-2">
                    <Avatar user={u} />
                    <span className="block max-w-[12rem] truncate" title={displayName(u)}>
                      {displayName(u)}
                    </span>
                  </span>
                </th>
                <td className="px-3 py-2.5">
                  <span className="block max-w-[16rem] truncate" title={u.email}>
                    {u.email}
                  </span>
                </td>
                <td className="px-3 py-2.5 tabular-nums">{formatCount(u.headshotCount)}</td>
                <td className="px-3 py-2.5">
                  {u.subscription ? (
                    <span className="flex items-center gap-1.5 whitespace-nowrap">
                      <SubscriptionBadge status={u.subscription.status} />
                      <span>{planName(u.subscription.planType)}</span>
                    </span>
                  ) : (
                    <span className="whitespace-nowrap text-muted-foreground">{noOwnPlan(u)}</span>
                  )}
                  {u.team && (
                    <span className="block whitespace-nowrap text-xs text-muted-foreground">
                      Team: {u.team.name} ({u.team.role})
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2.5">{u.lastHeadshotDate ? formatDateTime(u.lastHeadshotDate) : "Never"}</td>
                <td className="whitespace-nowrap px-3 py-2.5">{formatDateTime(u.createdAt)}</td>
                <td className="px-3 py-2.5">
                  <span className="flex gap-1">
                    <Button variant="ghost" size="icon" className="size-9" aria-label={`View ${u.email}`} onClick={() => setViewing(u)}>
                      <Eye aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9 text-destructive hover:text-destructive"
                      aria-label={`Delete ${u.email}`}
                      title={u.id === me?.id ? "You cannot delete your own account here" : undefined}
                      disabled={u.id === me?.id}
                      onClick={() => setDeleting(u)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        {data && pages > 1 && <Pager label="User pages" page={page} pages={pages} hasNext={page < pages} onPage={setPage} />}
      </CardContent>
      <UserDialog user={viewing} onClose={() => setViewing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

function Avatar({ user }: { user: AdminUserRow }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-8 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" />;
  }
  return (
    <span
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
      aria-hidden="true"
    >
      <UserRound className="size-4" />
    </span>
  );
}

/** The view button selects the user: their row's figures in a dialog. */
function UserDialog({ user, onClose }: { user: AdminUserRow | null; onClose(): void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{user ? displayName(user) : ""}</DialogTitle>
          <DialogDescription className="break-all">{user?.email}</DialogDescription>
        </DialogHeader>
        {user && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Headshots</dt>
            <dd>{formatCount(user.headshotCount)}</dd>
            <dt className="text-muted-foreground">Subscriptions</dt>
            <dd>{formatCount(user.subscriptionCount)}</dd>
            <dt className="text-muted-foreground">Subscription</dt>
            <dd>
              {user.subscription ? (
                <span className="flex flex-wrap items-center gap-1.5">
                  <SubscriptionBadge status={user.subscription.status} /> {planName(user.subscription.planType)}
                </span>
              ) : (
                noOwnPlan(user)
              )}
            </dd>
            <dt className="text-muted-foreground">Last Activity</dt>
            <dd>{user.lastHeadshotDate ? formatDateTime(user.lastHeadshotDate) : "Never"}</dd>
            <dt className="text-muted-foreground">Joined</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** SPEC §2 Delete dialog and §4 Admin delete: confirm → delete, refetch, close, clear the selection. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUserRow | null; onClose(): void }) {
  const del = useDeleteUser();
  return (
    <ConfirmDialog
      open={user !== null}
      onClose={onClose}
      title="Delete User"
      description="Are you sure you want to delete this user? This action cannot be undone."
      action="Delete User"
      pending={del.isPending}
      destructive
      onConfirm={() => {
        if (!user) return;
        del.mutate(user.id, {
          onSuccess: () => {
            onClose();
            toast({ title: "User Deleted", description: "User has been successfully deleted." });
          },
          onError: (err) => toastError(err, "Failed to delete user"),
        });
      }}
    >
      {user && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 rounded-lg bg-muted/50 p-3 text-sm">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all font-medium">{user.email}</dd>
          <dt className="text-muted-foreground">Headshots</dt>
          <dd className="font-medium">{formatCount(user.headshotCount)}</dd>
          <dt className="text-muted-foreground">Subscriptions</dt>
          <dd className="font-medium">{formatCount(user.subscriptionCount)}</dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
