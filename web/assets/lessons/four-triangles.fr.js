// Lessons of Four Triangles, in French: the words of each lesson of the game's kit
// (crates/four-triangles/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'opening',
      title: 'Le plateau et la première simple',
      steps: [
        {
          text: 'Le plateau compte quatre triangles séparés : T en haut, L en bas à gauche, R en bas à droite et C, retourné, au centre. Chacun a 7 points : les coins X1–X3, les points médians X4–X6 au milieu des côtés et le point central X0. La partie commence par une action permise seulement à ce moment : le joueur 1 pose une simple, une figure d’une pierre, sur n’importe quel point.',
          goal: 'Posez la première simple sur un point central.',
          hint: 'Les points centraux finissent par 0 : T0, L0, R0 et C0.',
        },
        {
          text: 'Les trois coins du grand triangle — T1 en haut, L2 en bas à gauche et R3 en bas à droite — sont les grands coins. Dans la version complète, des passages les relient à des parties éloignées du plateau.',
          goal: 'Posez la première simple sur un grand coin.',
          hint: 'Regardez les trois pointes extérieures du plateau.',
        },
        {
          text: 'Là où deux triangles extérieurs touchent C, trois coins se trouvent ensemble : une constellation. À gauche : T2, L1, C3 ; à droite : T3, R1, C2 ; en bas : L3, R2, C1. Ce sont des points distincts, jamais voisins sur une ligne, mais dans la version complète des passages relient chacun aux autres constellations.',
          goal: 'Posez la première simple sur un point d’une constellation.',
          hint: 'Regardez où les coins de C touchent les triangles extérieurs.',
        },
      ],
    },
    {
      id: 'bringing-in',
      title: 'Faire entrer deux simples',
      steps: [
        {
          text: 'À partir du deuxième tour, un tour est une action de votre choix. L’une d’elles : faire entrer deux nouvelles simples sur deux points vides qui ne sont ni des points centraux ni sur C. Cela prend 2 pierres du stock commun (11 pierres à 2 ou 3 joueurs, 15 à 4) et 2 de vos 9 marqueurs : une figure est une pile de pierres sous le marqueur de son propriétaire.',
          goal: 'Faites entrer deux simples, dont au moins une à côté de la simple du joueur 1 sur T4.',
          hint: 'Sur le côté T2 T4 T3, T4 a deux voisins ; T0 est un point central, interdit aux nouvelles simples.',
        },
        {
          text: 'Vous tenez le point central T0. Le point central d’un triangle avec ses trois points médians gagne la partie : les points médians valent donc la peine d’être pris. Les deux nouvelles simples peuvent aussi aller loin l’une de l’autre.',
          goal: 'Faites entrer deux simples sur des points médians de T.',
          hint: 'Les points médians de T sont T4, T5 et T6.',
        },
      ],
    },
    {
      id: 'singles',
      title: 'Déplacer une simple',
      steps: [
        {
          text: 'Une autre action consiste à déplacer une figure. Une simple va vers un voisin : le point suivant sur une des lignes de son triangle, les trois côtés et les trois médianes (chacune va d’un coin à un point médian en passant par le point central). Les passages de la version complète ajoutent des voisins ; ils viendront plus tard.',
          goal: 'Déplacez votre simple de T4 au point central T0.',
          hint: 'T4, T0 et T1 sont sur une même médiane.',
        },
        {
          text: 'Un point médian n’a que trois voisins : les deux coins de son côté et le point central. Deux points médians ne sont jamais voisins : aucune ligne ne les relie directement.',
          goal: 'Déplacez votre simple de T5 sur le côté T1 T6 T2.',
          hint: 'Quels sont les voisins de T5 ? L’un d’eux est un coin de ce côté.',
        },
      ],
    },
    {
      id: 'capturing',
      title: 'Capturer',
      steps: [
        {
          text: 'Une figure qui atterrit sur une autre la capture : le marqueur de la figure capturée retourne à son propriétaire et ses pierres rejoignent la pile du joueur qui joue. Une simple qui prend une simple devient une double.',
          goal: 'Capturez la simple du joueur 2 avec la vôtre.',
          hint: 'T2 est voisin de T4 sur le côté T2 T4 T3.',
        },
        {
          text: 'Toute figure peut être capturée, même la vôtre : c’est ainsi que les figures grandissent. Une double qui prend une simple, ou une simple qui prend une double, devient une triple : 3 pierres, le maximum pour une figure.',
          goal: 'Formez une triple.',
          hint: 'Votre double sur T2 et votre simple sur T4 sont voisines.',
        },
        {
          text: 'Quand une capture fait plus de 3 pierres, 3 d’entre elles retournent au stock. Une double qui prend une double fait 4 pierres : il reste une simple et le stock récupère 3 pierres.',
          goal: 'Capturez la double du joueur 2.',
          hint: 'T6 est à côté de T2 sur le côté T2 T6 T1.',
        },
      ],
    },
    {
      id: 'doubles',
      title: 'Déplacer une double',
      steps: [
        {
          text: 'Une double va vers un voisin, ou aussi loin qu’elle veut en ligne droite. Elle s’arrête sur un point vide de son choix ou sur la première figure rencontrée, qu’elle capture ; elle ne passe jamais par-dessus une figure.',
          goal: 'Capturez avec votre double la simple du joueur 2 sur T1.',
          hint: 'T4, T0 et T1 sont sur une même médiane, et T0 est vide.',
        },
        {
          text: 'Maintenant la simple du joueur 2 sur T0 bloque cette médiane : votre double sur T4 pourrait la prendre, mais pas passer au-delà jusqu’à T1. Votre autre double a la voie libre.',
          goal: 'Capturez la simple du joueur 2 sur T1.',
          hint: 'Regardez le long du côté T2 T6 T1.',
        },
      ],
    },
    {
      id: 'triples',
      title: 'Déplacer une triple',
      steps: [
        {
          text: 'Une triple va vers un voisin, ou saute d’un point central au point central d’un autre triangle ou à un grand coin. Un saut passe par-dessus tout et existe dans les deux versions du jeu.',
          goal: 'Déplacez votre triple au point central de C.',
          hint: 'Votre triple est sur le point central T0.',
        },
        {
          text: 'Un saut capture comme tout autre déplacement. Une triple qui prend une double fait 5 pierres : 3 retournent au stock et il reste une double.',
          goal: 'Capturez la double du joueur 2 sur le grand coin R3.',
          hint: 'Depuis T0, chaque grand coin est à un saut.',
        },
      ],
    },
    {
      id: 'warps',
      title: 'Les passages et la version simple',
      steps: [
        {
          text: 'La version complète, celle par défaut, a des passages qui créent d’autres voisins. Un point de constellation est voisin des six points des deux autres constellations et du grand coin opposé à sa constellation. Le plateau entoure d’un anneau les points de passage.',
          goal: 'Déplacez votre simple de T2 dans le triangle R.',
          hint: 'T2 fait partie de la constellation de gauche : regardez celle de droite, celle du bas et le grand coin opposé.',
        },
        {
          text: 'Un grand coin est voisin des deux autres grands coins et des trois points de la constellation opposée : T1 est opposé à la constellation du bas, L2 à celle de droite, R3 à celle de gauche.',
          goal: 'Capturez la simple du joueur 2 sur L2.',
          hint: 'T1 et L2 sont tous deux des grands coins.',
        },
        {
          text: 'Une ligne droite qui s’arrête à un grand coin continue, dans la même direction, depuis le coin de C de la constellation opposée : T1–C1, L2–C2, R3–C3, marqués ⇄ sur le plateau. Ainsi la médiane T4 T0 T1 se prolonge en C1 C0 C4, une seule ligne droite pour une double.',
          goal: 'Déplacez votre double de T4 à C0.',
          hint: 'Suivez T4, T0, T1, puis C1 : tous les points du chemin sont vides.',
        },
        {
          text: 'La version simple n’a aucun passage : les simples et les doubles ne quittent jamais leur triangle. Seuls les sauts de la triple, qui existent dans les deux versions, mènent d’un triangle à un autre.',
          goal: 'Amenez une de vos figures dans le triangle C.',
          hint: 'Vos simples sur T1 et T2 restent enfermées dans T ; pas la triple sur T0.',
        },
      ],
    },
    {
      id: 'splitting',
      title: 'Diviser',
      steps: [
        {
          text: 'Une double peut se diviser en deux simples ; une triple en une double et une simple, ou en trois simples. Les nouvelles figures vont sur des points vides que la figure aurait pu atteindre, et son propre point reste vide. Chaque nouvelle figure après la première demande un de vos marqueurs.',
          goal: 'Divisez votre double pour que vos simples tiennent T5 et T6.',
          hint: 'T5 et T6 sont tous deux voisins de T1.',
        },
        {
          text: 'Une triple peut se diviser en une double et une simple. Ses parties peuvent utiliser les sauts de la triple. En notation, le point de la double est marqué :2, comme dans T0/C0:2,R0 ; sur le plateau, cliquez deux fois sur le point de la double, en premier.',
          goal: 'Divisez votre triple en une double et une simple sur deux points centraux vides.',
          hint: 'L0 est au joueur 2 ; R0 et C0 sont vides et à un saut de T0.',
        },
        {
          text: 'Diviser une triple en trois simples demande deux marqueurs et place trois figures d’un coup. Ici, cela gagne : le point central et les trois points médians d’un même triangle.',
          goal: 'Gagnez en divisant votre triple.',
          hint: 'Vous tenez déjà T4 ; T0, T5 et T6 sont tous voisins de T1.',
        },
      ],
    },
    {
      id: 'turning',
      title: 'Tourner un triangle',
      steps: [
        {
          text: 'Une action peut tourner un triangle de 120°, avec toutes ses figures, à qui qu’elles soient. RT+ tourne T dans le sens antihoraire (coin 1 vers 2, 2 vers 3, 3 vers 1), RT- dans le sens horaire ; le point central reste en place. Une rotation qui laisserait le plateau identique est interdite.',
          goal: 'Amenez votre simple de T1 au coin T3.',
          hint: 'T3 n’est pas voisin de T1. Dans quel sens faut-il tourner T ?',
        },
        {
          text: 'Le joueur 2 vient de tourner le triangle L. Quand le tour juste avant était une rotation, personne ne peut tourner de triangle maintenant.',
          goal: 'Amenez une de vos simples sur T3.',
          hint: 'Tourner T est interdit maintenant, mais T4 et T3 sont sur un même côté.',
        },
        {
          text: 'Votre propre tour précédent était une rotation de T, qui a amené votre simple de T1 à T2. Un joueur ne peut pas tourner à deux de ses tours de suite, même si le tour juste avant n’était pas une rotation.',
          goal: 'Amenez votre simple sur T3.',
          hint: 'T2 et T3 appartiennent à deux constellations différentes.',
        },
      ],
    },
    {
      id: 'winning',
      title: 'Gagner',
      steps: [
        {
          text: 'Après chaque tour, un joueur qui tient les quatre points centraux, T0, L0, R0 et C0, gagne.',
          goal: 'Prenez le quatrième point central et gagnez.',
          hint: 'Votre simple sur C2 est voisine de C0.',
        },
        {
          text: 'On gagne aussi en tenant le point central et les trois points médians d’un même triangle. Toute action qui les complète gagne, même une entrée.',
          goal: 'Complétez le triangle R et gagnez.',
          hint: 'Il manque le point médian R6.',
        },
        {
          text: 'Un joueur qui a eu des figures sur le plateau et n’en a plus est éliminé. Quand tous les autres sont éliminés, le dernier gagne. Il reste une figure au joueur 2.',
          goal: 'Capturez la dernière figure du joueur 2 et gagnez.',
          hint: 'L3 fait partie de la constellation du bas, votre double sur T2 de celle de gauche.',
        },
      ],
    },
    {
      id: 'more-players',
      title: 'À trois et à quatre',
      steps: [
        {
          text: 'On joue de deux à quatre ; à quatre, le stock compte 15 pierres. Un joueur éliminé est sauté dans l’ordre du jeu à partir de ce moment, et les autres continuent. Il reste une simple au joueur 4, sur T0.',
          goal: 'Éliminez le joueur 4.',
          hint: 'Votre double sur T2 est voisine de T0.',
        },
        {
          text: 'Le joueur 2 est éliminé : après le joueur 3, c’est de nouveau à vous. Capturez la dernière figure du joueur 3 et vous serez le dernier en jeu.',
          goal: 'Gagnez en restant le dernier joueur.',
          hint: 'Votre triple est sur le grand coin L2 ; R1 fait partie de la constellation de droite, opposée à L2.',
        },
      ],
    },
    {
      id: 'draws',
      title: 'Les nuls',
      steps: [
        {
          text: 'La partie est nulle quand une position se produit pour la troisième fois : les mêmes figures sur les mêmes points, le même joueur au trait, les mêmes interdictions de rotation et les mêmes joueurs éliminés. Ici, les simples des deux joueurs ont fait deux fois l’aller-retour.',
          goal: 'Obtenez le nul en répétant la position une troisième fois.',
          hint: 'Ramenez votre simple d’où elle vient.',
        },
        {
          text: 'La partie est nulle aussi à la fin du 300e tour ; chaque tour compte, y compris la pose de la première simple et les passes (un joueur sans action légale passe). Une victoire à ce tour l’emporte sur le nul. 299 tours ont été joués, et il ne reste au joueur 1 qu’une figure, la triple sur L0.',
          goal: 'Gagnez au 300e tour.',
          hint: 'Votre simple sur L5 est voisine de L0.',
        },
      ],
    },
  ],
};
