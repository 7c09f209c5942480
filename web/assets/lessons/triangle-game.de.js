// Lessons of The Triangle Game, in German: the words of each lesson of the game's kit
// (crates/triangle-game/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Das Brett und das Setzen',
      steps: [
        {
          text: 'Das Brett hat 42 Punkte und drei Gebiete: das obere ist die Heimat von Dunkelblau, das rechte untere die von Grün, das linke untere die von Hellblau. Jeder Zug beginnt damit, einen Stein aus deinem Vorrat auf einen beliebigen leeren Punkt zu setzen. Du spielst Dunkelblau: dein Vorrat enthält drei grüne, drei hellblaue und drei weiße Steine, keinen deiner eigenen Farbe.',
          goal: 'Setze einen grünen Stein in dein Heimatgebiet, das obere.',
          hint: 'Wähle in deinem Vorrat unter dem Brett Grün, dann einen beliebigen leeren Punkt in den Reihen 1 bis 5.',
        },
        {
          text: 'Die Verbindungspunkte a5, e5 und e9, an denen zwei Gebiete zusammentreffen, gehören zu beiden. Jetzt spielst du Grün, das nach Dunkelblau zieht; dein Vorrat enthält dunkelblaue, hellblaue und weiße Steine.',
          goal: 'Setze einen weißen Stein auf einen der drei Verbindungspunkte.',
          hint: 'Die Verbindungspunkte sind die Ecken, an denen sich zwei farbige Gebiete berühren.',
        },
        {
          text: 'Hellblau, das als Dritter zieht, hat einen weißen Stein auf c5 gesetzt. Nach dem Setzen darfst du Steine schieben oder deinen Zug sofort beenden; dann setzt der nächste Spieler.',
          goal: 'Beende deinen Zug.',
          hint: 'Nimm die Schaltfläche „Zug beenden“.',
        },
      ],
    },
    {
      id: 'sliding',
      title: 'Steine schieben',
      steps: [
        {
          text: 'Nach dem Setzen hast du einen Schiebezug. Ein Stein wird von einer Ecke eines Dreiecks zu einer anderen Ecke desselben Dreiecks geschoben, entlang seiner Seite, wie lang sie auch ist. Du hast noch keinen dunkelblauen Stein auf dem Brett, also schiebst du weiße. Der Stein auf a1 ist eine Ecke des ganzen Bretts.',
          goal: 'Schiebe den weißen Stein von a1 in die unterste Reihe.',
          hint: 'Folge einer der langen Außenseiten des Bretts bis zu ihrem Ende.',
        },
        {
          text: 'Ein Schiebezug endet auf einem leeren Punkt und kann keinen Stein überqueren, der auf der Seite dazwischen liegt. Der weiße Stein auf a7 versperrt von a5 aus den Weg die linke Seite hinunter.',
          goal: 'Bringe den weißen Stein von a5 in die unterste Reihe.',
          hint: 'a5 ist auch eine Ecke des großen Lochs in der Mitte.',
        },
        {
          text: 'Sobald ein Stein deiner Farbe auf dem Brett ist, schiebst du nur Steine deiner Farbe: weiße sind für Spieler, die keinen eigenen auf dem Brett haben. Grün hat einen dunkelblauen Stein auf e5 gesetzt.',
          goal: 'Bringe einen Stein nach i9.',
          hint: 'Der weiße Stein auf a9 darf sich jetzt nicht bewegen. Welches Dreieck hat die Ecken e5 und i9?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Die Wertung',
      steps: [
        {
          text: 'Jeder deiner Steine in deinem Heimatgebiet bringt dir +1, jeder auf einem Punkt, der nur zum Gebiet eines anderen Spielers gehört, −1. Da du die Farben der anderen setzt, kannst du ihre Steine dorthin stellen, wo sie sie Punkte kosten.',
          goal: 'Setze einen grünen Stein so, dass Grüns Punktzahl auf −1 fällt.',
          hint: 'Grüns Heimat ist das rechte untere Gebiet.',
        },
        {
          text: 'Ein Stein auf dem Verbindungspunkt der beiden Gebiete, die nicht die Heimat seines Besitzers sind, zählt nichts, ebenso wenig weiße Steine und Steine in den Vorräten. Ein Verbindungspunkt deiner Heimat gehört zu ihr und zählt für dich +1. Jetzt spielst du Grün.',
          goal: 'Setze einen dunkelblauen Stein außerhalb der Heimat von Dunkelblau dorthin, wo er Dunkelblau nichts kostet.',
          hint: 'Die Heimat von Dunkelblau ist das obere Gebiet: suche den Verbindungspunkt der beiden anderen.',
        },
        {
          text: 'Deine eigenen Steine können nach Hause wandern. Grün hat einen dunkelblauen Stein auf g7 gesetzt, in Grüns Heimat, wo er dich einen Punkt kostet. Gesetzt hast du schon; jetzt schiebe.',
          goal: 'Erhöhe deine Punktzahl mit einem Schiebezug.',
          hint: 'Der nächste Punkt deiner Heimat ist ein Verbindungspunkt, hinter f6.',
        },
      ],
    },
    {
      id: 'power-triangles',
      title: 'Machtdreiecke',
      steps: [
        {
          text: 'Ein Dreieck ist dein Machtdreieck, wenn jede seiner Ecken einen eigenen oder einen weißen Stein trägt, mindestens einen eigenen, und auf seinen Seiten zwischen den Ecken kein Stein liegt. Dreiecke jeder Größe zählen, auch die Löcher. Jedes Machtdreieck, das du beim Setzen hast, gibt dir einen Schiebezug mehr.',
          goal: 'Setze einen Stein, der dir ein Machtdreieck bildet.',
          hint: 'Dein Stein auf a3 und der weiße auf c3 sind zwei Ecken zweier Dreiecke.',
        },
        {
          text: 'Ein Stein auf einer Seite verdirbt ein Dreieck: der grüne Stein auf b3 liegt auf den Seiten beider Dreiecke mit den Ecken a3 und c3. Ein Dreieck aus lauter weißen Steinen gehört niemandem.',
          goal: 'Setze einen Stein, der dir ein Machtdreieck bildet.',
          hint: 'Sieh dir das Dreieck mit den Ecken a3 und a5 an.',
        },
      ],
    },
    {
      id: 'extra-slides',
      title: 'Zusätzliche Schiebezüge',
      steps: [
        {
          text: 'Ein Schiebezug, der ein Machtdreieck bildet, gibt dir sofort einen weiteren. Du hast gesetzt und hast einen Schiebezug; dein Stein auf f7 ist zwei Schiebezüge von zu Hause entfernt.',
          goal: 'Bringe deinen Stein in diesem Zug in dein Heimatgebiet.',
          hint: 'Die weißen Steine auf e8 und f8 sind zwei Ecken eines kleinen Dreiecks.',
        },
        {
          text: 'Nach dem Setzen hast du 1 Schiebezug plus 1 für jedes Machtdreieck, das du besitzt, auch für ältere: a1-a2-b2 hat dir in diesem Zug einen zweiten Schiebezug gegeben.',
          goal: 'Bringe den Stein von g9 in dein Heimatgebiet.',
          hint: 'Kein einzelner Schiebezug führt von g9 ins obere Gebiet, aber du hast zwei.',
        },
      ],
    },
    {
      id: 'pickup',
      title: 'Steine aufnehmen',
      steps: [
        {
          text: 'Farbige Punkte liegen in vier Löchern. Bildest du ein Machtdreieck um einen farbigen Punkt, darfst du statt seines zusätzlichen Schiebezugs einen weißen Stein oder einen Stein in der Farbe dieses Punkts von irgendwo auf dem Brett in deinen Vorrat nehmen. Der grüne Stein auf g9 bringt Grün Punkte.',
          goal: 'Nimm den grünen Stein auf g9 vom Brett.',
          hint: 'Das Loch a3-c3-c5 enthält den grünen Punkt.',
        },
        {
          text: 'Ein farbiger Punkt erlaubt nur seine eigene Farbe, und Weiß: das große Mittelloch hat einen Punkt jeder Farbe, das Loch jedes Gebiets einen. Der hellblaue Stein auf b8 bringt Hellblau Punkte.',
          goal: 'Nimm den hellblauen Stein auf.',
          hint: 'Welches Loch enthält den hellblauen Punkt?',
        },
        {
          text: 'Auch ein Schiebezug, der ein Machtdreieck um einen farbigen Punkt bildet, erlaubt ein Aufnehmen, und zwar sofort: die Gelegenheit verfällt mit deinem nächsten Schiebezug oder dem Ende deines Zugs. Ein größeres Dreieck umgibt die farbigen Punkte in seinem Inneren, also umgibt das obere Gebiet den grünen Punkt. Du hast gesetzt und hast einen Schiebezug.',
          goal: 'Nimm den grünen Stein auf g9 vom Brett.',
          hint: 'Mit weißen Steinen auf a5 und e5 fehlt dem oberen Gebiet nur seine obere Ecke.',
        },
      ],
    },
    {
      id: 'once-a-turn',
      title: 'Einmal pro Zug',
      steps: [
        {
          text: 'Ein Machtdreieck gibt seinen zusätzlichen Schiebezug, oder sein Aufnehmen, höchstens einmal pro Zug, auch wenn es aufgelöst und wieder gebildet wird. a7-a9-c9 hat dir beim Setzen einen Schiebezug gegeben; dann hast du seinen Stein von a7 nach a5 geschoben, und ein Schiebezug bleibt.',
          goal: 'Schiebe so, dass du einen zusätzlichen Schiebezug gewinnst.',
          hint: 'Zurück auf a7 würde der Stein a7-a9-c9 noch einmal bilden, umsonst. Die weißen Steine auf c3 und e5 warten auf eine dritte Ecke.',
        },
        {
          text: 'Durch Wegnehmen eines Steins entsteht nie ein Machtdreieck. Der weiße Stein, den du auf c5 gesetzt hast, hat a3-c3-c5 um den grünen Punkt gebildet, also darfst du einen grünen oder weißen Stein aufnehmen. Der grüne Stein auf a4 liegt auf einer Seite von a3-a5-c5.',
          goal: 'Mache a3-a5-c5 zu deinem Machtdreieck.',
          hint: 'Nimm den Stein weg, der im Weg liegt: jetzt gibt das keinen zusätzlichen Schiebezug, aber es zählt, wenn du im nächsten Zug setzt.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'Das Spielende',
      steps: [
        {
          text: 'Nach jedem Zug endet das Spiel, wenn ein Spieler 2 oder mehr Punkte hat; die höchste Punktzahl gewinnt. Dein Stein auf a5 bringt dir 1 Punkt, der auf e9 nichts.',
          goal: 'Gewinne das Spiel in diesem Zug.',
          hint: 'Bringe den Stein von e9 nach Hause und beende dann deinen Zug.',
        },
        {
          text: 'Das Spiel endet auch, wenn der Spieler, der einen Zug beendet, einen leeren Vorrat hat, und du hast deinen letzten Stein gesetzt. Du und Grün habt beide 0 Punkte: Spieler mit gleicher höchster Punktzahl teilen sich den Sieg.',
          goal: 'Gewinne das Spiel allein.',
          hint: 'Ein Punkt genügt. Dein Stein auf e9 zählt noch nichts.',
        },
        {
          text: 'Du hast 1 Punkt: a5 und e5 bringen +2, der Stein auf g9, in Grüns Heimat, −1. Ein farbiger Punkt deiner Farbe erlaubt dir, auch einen eigenen Stein aufzunehmen, und ihn wegzunehmen kann das Spiel gewinnen.',
          goal: 'Gewinne das Spiel in diesem Zug.',
          hint: 'Das Mittelloch a5-e5-e9 hat einen Punkt jeder Farbe; ihm fehlt eine Ecke.',
        },
      ],
    },
  ],
};
