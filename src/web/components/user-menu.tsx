import { LogOut, Settings, User } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Avatar, AvatarFallback, AvatarImage } from "@/web/components/ui/avatar";
import { Button } from "@/web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/web/components/ui/dropdown-menu";
import { usePermission } from "@/web/lib/me.queries";
import { useSignOut } from "@/web/lib/sign-out";

export interface MenuUser {
  name?: string | null;
  email: string;
  image?: string | null;
}

/** First letter of the e-mail, upper-cased (docs/product.md, "Console shell"). */
export function avatarInitial(email: string): string {
  return (email.trim().charAt(0) || "U").toUpperCase();
}

export function displayName(user: Pick<MenuUser, "name">): string {
  return user.name?.trim() || "Usuário";
}

/** Where "Configurações" leads: the team and the organisation, for owner and síndicos only. */
export const SETTINGS_HREF = "/app/configuracoes";

function UserAvatar({ user, className }: { user: MenuUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.image && <AvatarImage src={user.image} alt="" />}
      <AvatarFallback>{avatarInitial(user.email)}</AvatarFallback>
    </Avatar>
  );
}

export function UserMenu({ user }: { user: MenuUser }) {
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const canManage = usePermission("equipe:gerenciar");

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Menu do usuário">
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent inline align="end" className="w-64">
        <DropdownMenuLabel>Minha Conta</DropdownMenuLabel>
        <div className="flex items-center gap-2 px-2 pb-1.5 text-sm">
          <UserAvatar user={user} />
          <div className="grid min-w-0 leading-tight">
            <span className="truncate font-medium">{displayName(user)}</span>
            <span className="truncate text-muted-foreground text-xs">{user.email}</span>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/app/perfil">
              <User aria-hidden="true" />
              Perfil
            </Link>
          </DropdownMenuItem>
          {canManage && (
            <DropdownMenuItem asChild>
              <Link to={SETTINGS_HREF}>
                <Settings aria-hidden="true" />
                Configurações
              </Link>
            </DropdownMenuItem>
          )}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {signingOut ? "Saindo..." : "Sair"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
