import type { ReactNode } from "react";
import { CreditCard, Euro, Images, Users } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { AdminStats } from "./api/get-stats";
import { useMrr } from "./api/get-mrr";
import { formatCount, formatEuroCents } from "./format";
import { QueryState } from "./figure";

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

function Big({ children }: { children: ReactNode }) {
  return <p className="text-xl font-bold tabular-nums break-words sm:text-2xl">{children}</p>;
}

function Small({ children }: { children: ReactNode }) {
  return <p className="text-xs text-muted-foreground">{children}</p>;
}

/** SPEC §2: Total Users, Total Headshots, Active Subscriptions, MRR (in euro, docs/decisions/065-admin-web.md). */
export function SummaryCards({ stats }: { stats: AdminStats }) {
  const mrr = useMrr();
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <SummaryCard title="Total Users" icon={<Users />}>
        <Big>{formatCount(stats.totalUsers)}</Big>
        <Small>+{formatCount(stats.usersThisMonth)} this month</Small>
      </SummaryCard>
      <SummaryCard title="Total Headshots" icon={<Images />}>
        <Big>{formatCount(stats.totalHeadshots)}</Big>
        <Small>+{formatCount(stats.headshotsThisMonth)} this month</Small>
      </SummaryCard>
      <SummaryCard title="Active Subscriptions" icon={<CreditCard />}>
        <Big>{formatCount(stats.activeSubscriptions)}</Big>
        <Small>of {formatCount(stats.totalSubscriptions)} total</Small>
      </SummaryCard>
      <SummaryCard title="MRR" icon={<Euro />}>
        <QueryState query={mrr} label="MRR">
          {(m) => <Big>{formatEuroCents(m.mrr)}</Big>}
        </QueryState>
        <Small>Monthly recurring revenue</Small>
      </SummaryCard>
    </section>
  );
}
